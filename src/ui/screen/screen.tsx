import { Box } from 'ink';
import React from 'react';
import { DIR_PROBLEM } from '../../core/model/observation.js';
import type { ScreenModel } from './frame.js';
import { DetailOverlay } from './detail-overlay.js';
import { EmptyState } from './empty-state.js';
import { Footer, ProblemsLine } from './footer.js';
import { Header } from './header.js';
import { HelpScreen } from './help.js';
import { ReplayBar } from './replay-bar.js';
import { SearchContext } from '../widgets/fitted-line.js';

interface ScreenProps {
  readonly model: ScreenModel;
  /** Terminal rows: the frame stays one line shorter. Undefined when drawing once. */
  readonly height: number | undefined;
}

/** One frame: the header, the view on screen (or what is open over it, or the help), the footer. Drawn from the model alone. */
export function Screen({ model, height }: ScreenProps) {
  let body: React.ReactNode;
  if (!model.body)
    body = (
      <EmptyState
        claudeDir={model.claudeDir}
        dirProblem={model.problems.find((problem) => problem.path === DIR_PROBLEM)?.message}
        replay={model.replay !== null}
        look={model.look}
        now={model.now}
        width={model.width}
        rows={model.bodyRows}
      />
    );
  else if (model.help) body = <HelpScreen model={model.help} width={model.width} />;
  else if (model.detail) body = <DetailOverlay detail={model.detail} colors={model.colors} width={model.width} now={model.now} />;
  else body = model.body.draw();

  return (
    <Box flexDirection="column" width={model.width} height={height === undefined ? undefined : height - 1} overflowY="hidden">
      <Header {...model.header} />
      <Box flexDirection="column" height={model.bodyRows} overflowY="hidden">
        {/* Laid out at its own height and cut below, never squeezed: Yoga shrinks a text that does not fit to fewer
            rows than it writes, and the next one is then drawn over it. */}
        <Box flexDirection="column" flexShrink={0}>
          <SearchContext.Provider value={model.search?.text ?? ''}>{body}</SearchContext.Provider>
        </Box>
      </Box>
      <ProblemsLine problems={model.problems} width={model.width} />
      {model.replay ? <ReplayBar status={model.replay} /> : null}
      <Footer
        width={model.width}
        note={model.note}
        hint={model.hint}
        notice={model.notice}
        search={model.search}
        notes={model.notes}
        replay={model.replay !== null}
        interactive={model.interactive}
        keymap={model.keymap}
        teams={model.header.teams.length}
      />
    </Box>
  );
}
