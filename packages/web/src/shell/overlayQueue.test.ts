import { describe, expect, it } from 'vitest';
import { createOverlayQueue, mayShow, overlayTurn } from './overlayQueue.js';

describe('overlay queue (issue 11: one overlay at a time)', () => {
  it('gives the turn to the first overlay not done: accounts, survey, notifications, tour', () => {
    expect(overlayTurn({})).toBe('accounts');
    expect(overlayTurn({ accounts: 'done' })).toBe('survey');
    expect(overlayTurn({ accounts: 'done', survey: 'done' })).toBe('notifications');
    expect(overlayTurn({ accounts: 'done', survey: 'done', notifications: 'done' })).toBe('tour');
    expect(
      overlayTurn({ accounts: 'done', survey: 'done', notifications: 'done', tour: 'done' }),
    ).toBeNull();
  });

  it('keeps later overlays waiting while an earlier one is still deciding', () => {
    const states = {
      accounts: 'done',
      survey: 'pending',
      notifications: 'ready',
      tour: 'ready',
    } as const;
    expect(mayShow(states, 'notifications')).toBe(false);
    expect(mayShow(states, 'tour')).toBe(false);
    expect(mayShow(states, 'survey')).toBe(false);
    expect(mayShow({ ...states, survey: 'ready' }, 'survey')).toBe(true);
  });

  it('lets the tour show once the survey and the pop-up are closed', () => {
    const queue = createOverlayQueue();
    queue.report('accounts', 'done');
    queue.report('survey', 'ready');
    queue.report('notifications', 'pending');
    queue.report('tour', 'ready');
    expect(mayShow(queue.getSnapshot(), 'survey')).toBe(true);
    queue.report('survey', 'done');
    expect(overlayTurn(queue.getSnapshot())).toBe('notifications');
    expect(mayShow(queue.getSnapshot(), 'tour')).toBe(false);
    queue.report('notifications', 'done');
    expect(mayShow(queue.getSnapshot(), 'tour')).toBe(true);
  });

  it('tells its listeners when a status changes, and only then', () => {
    const queue = createOverlayQueue();
    let calls = 0;
    const stop = queue.subscribe(() => {
      calls += 1;
    });
    queue.report('survey', 'pending');
    const before = queue.getSnapshot();
    queue.report('survey', 'pending');
    expect(queue.getSnapshot()).toBe(before);
    queue.report('survey', 'done');
    stop();
    queue.report('tour', 'done');
    expect(calls).toBe(2);
  });
});
