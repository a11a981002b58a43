// The baseline: a bare Ink "hello world", unbundled, with the project's own node_modules.
import { render, Text } from 'ink';
import React from 'react';

render(React.createElement(Text, null, 'hello'));
