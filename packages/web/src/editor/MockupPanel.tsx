import type { Colour, MockupTemplate, PrintSpaceDesign } from '@printloom/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { ColorSwatches } from './ColorSwatches.js';
import {
  MOCKUP_DEBOUNCE_MS,
  MOCKUP_DESIGN_PREVIEW_SIDE,
  MOCKUP_PREVIEW_SIZE,
} from './constants.js';
import { type EditorStore, useEditorState } from './createEditorStore.js';
import { hasDesign } from './editorReducer.js';
import { canvasBlob, fitSize, renderDesignCanvas } from './exportDesign.js';
import { drawMockupOn } from './mockupRender.js';
import { initialMockupState, mockupTransition } from './mockupState.js';
import { render3dMockup } from './scene3d.js';

export interface MockupPanelProps {
  store: EditorStore;
  /** Template id of the product; its print space ids are `{templateId}_{name}`. */
  templateId: number;
  mockups: readonly MockupTemplate[];
  colors: readonly Colour[];
  color: string | null;
  onColorChange(name: string): void;
}

/**
 * Live mockups beside the editor (spec §4 Mockup): each of the product's mockups re-rendered in
 * the selected colour shortly after the design changes. A mockup is 'Not exported' from the
 * moment its design changes until its PNG has been produced again.
 */
export function MockupPanel({
  store,
  templateId,
  mockups,
  colors,
  color,
  onColorChange,
}: MockupPanelProps) {
  const hex = colors.find((c) => c.name === color)?.hex_code ?? colors[0]?.hex_code ?? '#FFFFFF';
  return (
    <section aria-labelledby="mockups-heading" className="vstack gap-3" data-testid="mockup-panel">
      <h2 className="h6 mb-0" id="mockups-heading">
        Mockups
      </h2>
      <ColorSwatches
        colors={colors}
        value={color ?? colors[0]?.name ?? null}
        onChange={onColorChange}
        label="Mockup colour"
        testId="mockup-colors"
      />
      {mockups.length === 0 && (
        <p className="small text-body-secondary mb-0">This product has no mockup template.</p>
      )}
      {mockups.map((mockup) => (
        <MockupView
          key={mockup.id}
          store={store}
          mockup={mockup}
          spaceId={`${templateId}_${mockup.print_space}`}
          colorHex={hex}
          colorName={color ?? colors[0]?.name ?? 'White'}
        />
      ))}
    </section>
  );
}

function MockupView({
  store,
  mockup,
  spaceId,
  colorHex,
  colorName,
}: {
  store: EditorStore;
  mockup: MockupTemplate;
  spaceId: string;
  colorHex: string;
  colorName: string;
}) {
  const design = useEditorState(store, (s) => s.designs[spaceId] ?? null);
  const printType = useEditorState(store, (s) => s.printTypes[spaceId] ?? 0);
  const [state, send] = useReducer(mockupTransition, initialMockupState);
  const [error, setError] = useState<string | null>(null);
  const [pngUrl, setPngUrl] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const is3d = mockup.mockupType === '3d';

  useEffect(() => {
    send({ type: 'designChanged', hasDesign: hasDesign(design) });
    if (!design) return;
    let stale = false;
    setRendering(true);
    const timer = setTimeout(async () => {
      const target = canvas.current;
      if (!target) return;
      try {
        await renderMockup(target, mockup, design, colorHex, is3d, printType);
        const blob = await canvasBlob(target);
        if (stale) return;
        // What the picture now shows, for whoever compares it (tests, screenshots).
        target.dataset.renderedColor = colorHex;
        setPngUrl(URL.createObjectURL(blob));
        setError(null);
        send({ type: 'exported' });
      } catch (failure) {
        if (!stale) setError(failure instanceof Error ? failure.message : 'Load img failed');
      } finally {
        if (!stale) setRendering(false);
      }
    }, MOCKUP_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [design, colorHex, mockup, is3d, printType]);

  useEffect(
    () => () => {
      if (pngUrl) URL.revokeObjectURL(pngUrl);
    },
    [pngUrl],
  );

  const label = `${mockup.name ?? 'Mockup'} (${mockup.print_space}) in ${colorName}`;
  return (
    <figure
      className="mb-0"
      data-testid={is3d ? 'mockup-3d' : 'mockup-2d'}
      data-mockup-id={mockup.id}
    >
      <canvas
        ref={canvas}
        className="mockup-canvas"
        data-testid="mockup-canvas"
        data-color={colorHex}
        role="img"
        aria-label={label}
        width={MOCKUP_PREVIEW_SIZE}
        height={MOCKUP_PREVIEW_SIZE}
      />
      <figcaption className="d-flex flex-wrap align-items-center gap-2 mt-1 small">
        <span
          className={`badge ${state.exported ? 'text-bg-success' : 'text-bg-secondary'}`}
          data-testid="mockup-status"
          data-exported={state.exported}
          data-has-design={state.hasDesign}
        >
          {state.exported ? 'Exported' : 'Not exported'}
        </span>
        {rendering && <span className="text-body-secondary">Rendering…</span>}
        {is3d && <span className="text-body-secondary">3D preview</span>}
        {pngUrl && state.exported && (
          <a href={pngUrl} download={`mockup-${mockup.id}.png`} className="ms-auto">
            Download PNG
          </a>
        )}
      </figcaption>
      {error && (
        <div className="alert alert-danger py-1 px-2 small mt-1 mb-0" role="alert">
          {error}
        </div>
      )}
    </figure>
  );
}

async function renderMockup(
  target: HTMLCanvasElement,
  mockup: MockupTemplate,
  design: PrintSpaceDesign,
  color: string,
  is3d: boolean,
  printType: number,
): Promise<void> {
  if (!is3d) {
    await drawMockupOn(target, mockup, design, color, {
      printType,
      size: MOCKUP_PREVIEW_SIZE,
      designSide: MOCKUP_DESIGN_PREVIEW_SIDE,
      resolution: 'preview',
    });
    return;
  }
  if (!mockup.glb) throw new Error('This 3D mockup has no model file');
  const designCanvas = design.objects.length
    ? await renderDesignCanvas(
        design,
        fitSize(design.printSpace, MOCKUP_DESIGN_PREVIEW_SIDE * 1.5),
        'preview',
      )
    : null;
  await render3dMockup(target, {
    glbUrl: mockup.glb,
    design: designCanvas,
    space: design.printSpace,
    color,
    size: MOCKUP_PREVIEW_SIZE,
  });
}
