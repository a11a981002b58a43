/** Faults injected on purpose (`TEAMTOP_FAULT=uncaught|render|close`) so tests prove the terminal survives; loaded only when set. */
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
