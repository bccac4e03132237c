import type { DesignObject } from '@printloom/core';
import { useEffect, useRef } from 'react';
import { CanvasController } from './canvasController.js';
import type { EditorStore, LiveValue } from './createEditorStore.js';

interface DesignCanvasProps {
  store: EditorStore;
  live: LiveValue<DesignObject | null>;
  displayWidth: number;
  label: string;
  describedBy: string;
}

/**
 * The editor's drawing surface. React mounts it once; the controller draws and handles pointer
 * (mouse and touch) and key input from then on.
 */
export function DesignCanvas({ store, live, displayWidth, label, describedBy }: DesignCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const controller = useRef<CanvasController | null>(null);

  // The first width is enough here: later widths go through setDisplayWidth below.
  const initialWidth = useRef(displayWidth);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const created = new CanvasController(canvas, store, live, initialWidth.current);
    controller.current = created;
    return () => {
      created.dispose();
      controller.current = null;
    };
  }, [store, live]);

  useEffect(() => {
    controller.current?.setDisplayWidth(displayWidth);
  }, [displayWidth]);

  return (
    // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a keyboard-driven drawing surface is an application region
    <canvas
      ref={ref}
      className="design-canvas"
      data-testid="design-canvas"
      tabIndex={0}
      role="application"
      aria-roledescription="design canvas"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
