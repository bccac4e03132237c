import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { progressBar, WorkerPanel } from './WorkerPanel.js';

describe('WorkerPanel', () => {
  it('shows each worker with status, record and template, last error, counts and progress', () => {
    const { lastFrame, unmount } = render(
      <WorkerPanel
        workers={[
          {
            name: 'multi-space 1',
            status: 'apply_success',
            record: { id: 42, templateId: 7 },
            lastError: null,
          },
          {
            name: 'multi-space 2',
            status: 'waiting',
            record: null,
            lastError: 'Upload file failed',
          },
        ]}
        counts={{ processed: 3, invalid: 1, errors: 1, total: 8 }}
        barWidth={10}
      />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Worker');
    expect(frame).toContain('Status');
    expect(frame).toContain('Processing Record');
    expect(frame).toContain('#42 (template 7)');
    expect(frame).toContain('Upload file failed');
    expect(frame).toContain('Processed 3 · Invalid 1 · Errors 1');
    expect(frame).toContain('█████░░░░░ 4/8 (50%)');
    unmount();
  });

  it('re-renders as workers move on', () => {
    const workers = [{ name: 'w1', status: 'polling', record: null, lastError: null }];
    const { lastFrame, rerender, unmount } = render(
      <WorkerPanel
        workers={workers}
        counts={{ processed: 0, invalid: 0, errors: 0, total: null }}
      />,
    );
    expect(lastFrame()).toContain('polling');
    rerender(
      <WorkerPanel
        workers={[{ name: 'w1', status: 'stopped', record: null, lastError: null }]}
        counts={{ processed: 2, invalid: 0, errors: 0, total: 2 }}
      />,
    );
    expect(lastFrame()).toContain('stopped');
    expect(lastFrame()).toContain('2/2 (100%)');
    unmount();
  });

  it('draws an empty bar with a count when the total is unknown', () => {
    expect(progressBar(5, null, 4)).toBe('░░░░ 5 done');
  });
});
