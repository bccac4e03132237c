/**
 * Which print files an order's items need before production (issue 13), as a pure plan: every
 * item's print spaces that carry a usable design (its product's saved `design_json`: a
 * {@link PrintSpaceDesign} with at least one object) are drawn at the product's print space
 * size in print pixels (width × height at its DPI), the renderer's native export. A print space
 * that already has a finished file from a designer keeps it and is not drawn again. An item with
 * neither a usable design nor a designer's file needs a designer: the order goes to `designing`.
 */
import { TemplatePrintSpace } from '../catalog/TemplatePrintSpace.js';
import { PrintSpaceDesign } from '../design/DesignDocument.js';

/** One saved design of an item's product. */
export interface ItemDesignInput {
  print_space: string;
  /** The editor's JSON text of the print space's design; null when only a file was saved. */
  design_json: string | null;
}

export interface PrintFileItemInput {
  id: number;
  /** The product's `print_spaces` (JSON text of template print spaces); null when unknown. */
  print_spaces: string | null;
  designs: readonly ItemDesignInput[];
  /** Print spaces that already have a finished file uploaded by a designer. */
  designer_files: readonly string[];
}

/** One print file to draw: the design at `width` × `height` print pixels. */
export interface PlannedPrintFile {
  item_id: number;
  print_space: string;
  design: PrintSpaceDesign;
  width: number;
  height: number;
}

export interface PrintFilePlan {
  /** Files to draw, in item then design order. */
  files: PlannedPrintFile[];
  /** Items with nothing usable to print: they need a designer. */
  needs_design: number[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The product's print space named `name`, if its `print_spaces` text has one. */
export function productPrintSpace(
  printSpaces: string | null,
  name: string,
): { width: number; height: number } | null {
  const list = printSpaces === null ? undefined : parseJson(printSpaces);
  if (!Array.isArray(list)) return null;
  for (const entry of list) {
    const space = TemplatePrintSpace.safeParse(entry);
    if (space.success && space.data.name === name) return space.data;
  }
  return null;
}

/** The names of a product's print spaces (its `print_spaces` text), in their order. */
export function printSpaceNames(printSpaces: string | null): string[] {
  const list = printSpaces === null ? undefined : parseJson(printSpaces);
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const space = TemplatePrintSpace.safeParse(entry);
    return space.success ? [space.data.name] : [];
  });
}

/** A saved design the renderer can draw, or null (absent, malformed or empty). */
export function usableDesign(designJson: string | null): PrintSpaceDesign | null {
  if (designJson === null || designJson.trim() === '') return null;
  const parsed = PrintSpaceDesign.safeParse(parseJson(designJson));
  if (!parsed.success || parsed.data.objects.length === 0) return null;
  return parsed.data;
}

export function planPrintFiles(items: readonly PrintFileItemInput[]): PrintFilePlan {
  const files: PlannedPrintFile[] = [];
  const needs_design: number[] = [];
  for (const item of items) {
    const done = new Set(item.designer_files);
    let usable = done.size > 0;
    for (const saved of item.designs) {
      if (done.has(saved.print_space)) continue;
      const design = usableDesign(saved.design_json);
      if (!design) continue;
      const space = productPrintSpace(item.print_spaces, saved.print_space) ?? design.printSpace;
      usable = true;
      done.add(saved.print_space);
      files.push({
        item_id: item.id,
        print_space: saved.print_space,
        design,
        width: Math.round(space.width),
        height: Math.round(space.height),
      });
    }
    if (!usable) needs_design.push(item.id);
  }
  return { files, needs_design };
}
