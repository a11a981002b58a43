import React from 'react';
import { selectStalledCount } from '../../../core/select/handshakes.js';
import type { DashboardPane } from '../../views/dashboard-pane.js';
import { handshakeList, HANDSHAKES } from './model.js';
import { HandshakeList } from './view.js';

/** Who waits on whom: beside the tasks on a wide terminal. */
export const handshakesPane: DashboardPane = {
  id: HANDSHAKES,
  count: (frame) => frame.handshakes.length,
  beside: true,
  build(frame, rows, focused) {
    const { model, list } = handshakeList(frame, rows, focused, selectStalledCount(frame.team, frame.now, frame.thresholds));
    return { list, draw: (width) => <HandshakeList model={model} colors={frame.colors} width={width} /> };
  },
};
