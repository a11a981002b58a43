import React, { useEffect, useState } from 'react';
import { render, Box, Text } from 'ink';
const h = React.createElement;
function App() {
  const [n, setN] = useState(0);
  useEffect(() => { const t = setInterval(() => setN((x) => x + 1), 1000); return () => clearInterval(t); }, []);
  const rows = [];
  for (let i = 0; i < 46; i++) rows.push(h(Box, { key: i }, h(Text, { color: 'green' }, `row ${i} `.padEnd(70, '·')), h(Text, { color: 'blue' }, `col ${i} `.padEnd(80, '-'))));
  return h(Box, { flexDirection: 'column' }, h(Text, null, `tick ${n}s`), ...rows);
}
render(h(App), { incrementalRendering: true });
