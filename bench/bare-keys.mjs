// The key-press baseline: a bare Ink app, unbundled, that draws a new frame on
// every key (`key 1`, `key 2`, …).
import { render, Text, useInput } from 'ink';
import React, { useState } from 'react';

function Keys() {
  const [count, setCount] = useState(0);
  useInput(() => setCount((n) => n + 1));
  return React.createElement(Text, null, `key ${count}`);
}

render(React.createElement(Keys));
