import React from 'react';
import { selectStalledCount } from '../../../core/select/handshakes.js';
import type { DashboardPane } from '../../views/dashboard-pane.js';
import { handshakeList, HANDSHAKES } from './model.js';
import { HandshakeList } from './view.js';
import { visibleItems } from '../../widgets/windowed-list.js';
import type { Handshake } from '../../../core/model/handshakes.js';

/** The open (or abandoned) ones on screen show how long they have been open; an answered one, how long the answer took. */
function shownAges(handshakes: readonly Handshake[]): number[] {
  const ages: number[] = [];
  for (const handshake of handshakes) {
    const since = handshake.requestedAt ?? handshake.respondedAt;
    if (handshake.response === null && since !== null) ages.push(since);
  }
  return ages;
}

/** Who waits on whom: beside the tasks on a wide terminal. */
export const handshakesPane: DashboardPane = {
  id: HANDSHAKES,
  count: (frame) => frame.handshakes.length,
  beside: true,
  build(frame, rows, focused) {
    const { model, list } = handshakeList(frame, rows, focused, selectStalledCount(frame.team, frame.now, frame.thresholds));
    return {
      list,
      draw: (width) => <HandshakeList model={model} colors={frame.colors} width={width} />,
      longAges: shownAges(visibleItems(model.handshakes, model.window)),
    };
  },
};
