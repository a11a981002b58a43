/**
 * Faults injected on purpose, so the tests can prove the terminal survives
 * them: `TEAMTOP_FAULT=uncaught` (an uncaught error) or `render` (an error
 * while drawing), a moment after the first frame, or `close` (an error while
 * closing, on the way out). Loaded only when the variable is set: the
 * dashboard a user runs draws nothing of this.
 */
import React, { useEffect, useState, type ReactElement, type ReactNode } from 'react';

function Faulty({ fault, children }: { readonly fault: string; readonly children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (fault !== 'uncaught' && fault !== 'render') return undefined;
    const timer = setTimeout(() => {
      if (fault === 'render') setDue(true);
      else throw new Error('injected fault (TEAMTOP_FAULT=uncaught)');
    }, 300);
    return () => clearTimeout(timer);
  }, [fault]);
  if (due) throw new Error('injected fault (TEAMTOP_FAULT=render)');
  return children;
}

export interface Faults {
  /** The element to draw, with the fault in it. */
  readonly draw: (element: ReactElement) => ReactElement;
  /** Called as the terminal is given back. */
  readonly closing: () => void;
}

export function faults(fault: string): Faults {
  return {
    draw: (element) => <Faulty fault={fault}>{element}</Faulty>,
    closing: () => {
      if (fault === 'close') throw new Error('injected fault (TEAMTOP_FAULT=close)');
    },
  };
}
