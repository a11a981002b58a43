import React from 'react';
import type { DashboardPane } from '../../views/dashboard-pane.js';
import { DIAGNOSES, diagnosisList, mostDiagnosisRows, shownDiagnoses } from './model.js';
import { ageSince, DiagnosisList } from './view.js';
import { visibleItems } from '../../widgets/windowed-list.js';

/** What is wrong with the team, above the handshakes, and with `c` what was; none when there is nothing to list. */
export const diagnosesPane: DashboardPane = {
  id: DIAGNOSES,
  count: (frame) => shownDiagnoses(frame).length,
  hiddenWhenEmpty: true,
  mostRows: mostDiagnosisRows,
  build(frame, rows, focused) {
    const { model, list } = diagnosisList(frame, rows, focused);
    return {
      list,
      window: model.window,
      draw: (width) => <DiagnosisList model={model} colors={frame.colors} width={width} />,
      longAges: visibleItems(model.diagnoses, model.window).map(ageSince),
    };
  },
};
