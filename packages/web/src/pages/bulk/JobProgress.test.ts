import type { BulkMultiSpaceRow } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { processedBy } from './JobProgress.js';

describe('who processed a job', () => {
  it('names each worker of the finished rows once, this browser by that name', () => {
    const rows: Pick<BulkMultiSpaceRow, 'status' | 'device_id'>[] = [
      { status: 'completed', device_id: 'server worker 1' },
      { status: 'completed', device_id: 'device-of-this-tab' },
      { status: 'completed', device_id: 'server worker 1' },
      { status: 'completed', device_id: 'build-host' },
    ];
    expect(processedBy(rows, 'device-of-this-tab')).toEqual([
      'server worker 1',
      'this browser',
      'build-host',
    ]);
  });

  it('says nothing for rows not processed yet or failed', () => {
    const rows: Pick<BulkMultiSpaceRow, 'status' | 'device_id'>[] = [
      { status: 'processing', device_id: 'server worker 2' },
      { status: 'failed', device_id: 'server worker 1' },
      { status: 'pending', device_id: null },
    ];
    expect(processedBy(rows, 'device-of-this-tab')).toEqual([]);
  });
});
