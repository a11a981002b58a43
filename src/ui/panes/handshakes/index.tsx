import React from 'react';
import { selectStalledCount } from '../../../core/select/handshakes.js';
import type { DashboardPane } from '../../views/dashboard-pane.js';
import { handshakeList, HANDSHAKES, shownHandshakes } from './model.js';
import { HandshakeList } from './view.js';
import { visibleItems } from '../../widgets/windowed-list.js';
import type { Handshake } from '../../../core/model/handshakes.js';

/** The open (or abandoned) ones on screen show how long they have been open; an answered one, how long the answer took. */
function shownAges(handshakes: readonly Handshake[]): number[] {
  const ages: number[] = [];
  for (const handshake of handshakes) {
    const since = handshake.agedFrom ?? handshake.respondedAt;
    if (handshake.response === null && since !== null) ages.push(since);
  }
  return ages;
}

/** Who waits on whom: beside the tasks on a wide terminal. */
export const handshakesPane: DashboardPane = {
  id: HANDSHAKES,
  count: (frame) => shownHandshakes(frame).length,
  beside: true,
  build(frame, rows, focused) {
    // Narrowed by a search, the stalled ones among those listed; else every one's, as counted for the header.
    const stalled =
      frame.view.filters.search === ''
        ? selectStalledCount(frame.team, frame.now, frame.thresholds)
        : shownHandshakes(frame).filter((handshake) => handshake.state === 'stalled').length;
    const { model, list } = handshakeList(frame, rows, focused, stalled);
    return {
      list,
      window: model.window,
      draw: (width) => <HandshakeList model={model} colors={frame.colors} width={width} interactive={frame.interactive} />,
      longAges: shownAges(visibleItems(model.handshakes, model.window)),
    };
  },
};
