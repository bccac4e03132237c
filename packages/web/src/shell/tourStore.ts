import { createStore } from '@printloom/core';

/** Whether the dashboard's getting-started panel is on screen (a tour start condition). */
export const gettingStarted = createStore(false);
