import { PGlite } from '@electric-sql/pglite';

/**
 * The memory PGlite's Postgres may use, set when it opens (`-c` start parameters). The WASM
 * heap grows to what Postgres touches and never gives it back, so these bound the process.
 */
export interface PgliteMemory {
  /** Postgres's page cache inside the WASM heap (`shared_buffers`). */
  sharedBuffers: string;
  /** Per sort or hash before it spills to a temporary file (`work_mem`). */
  workMem: string;
  /** Per VACUUM or index build (`maintenance_work_mem`). */
  maintenanceWorkMem: string;
  /** Temporary tables' page cache (`temp_buffers`). */
  tempBuffers: string;
}

/**
 * What the server opens PGlite with. A data directory on disk is read through the operating
 * system's file cache, which is shared and given back under pressure, so Postgres's own cache
 * can be small: 16 MB holds a list request's index and heap pages (measured in
 * bench/apiMemory.js, see the README's Figures).
 */
export const PGLITE_MEMORY: PgliteMemory = {
  sharedBuffers: '16MB',
  workMem: '4MB',
  maintenanceWorkMem: '32MB',
  tempBuffers: '4MB',
};

/** PGlite's own settings (Postgres's defaults), which the bench measures against. */
export const PGLITE_DEFAULT_MEMORY: PgliteMemory = {
  sharedBuffers: '128MB',
  workMem: '4MB',
  maintenanceWorkMem: '64MB',
  tempBuffers: '8MB',
};

/** PGlite's start parameters with `memory` added (a start parameter list replaces PGlite's). */
export function pgliteStartParams(memory: PgliteMemory): string[] {
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${memory.sharedBuffers}`,
    '-c',
    `work_mem=${memory.workMem}`,
    '-c',
    `maintenance_work_mem=${memory.maintenanceWorkMem}`,
    '-c',
    `temp_buffers=${memory.tempBuffers}`,
  ];
}
