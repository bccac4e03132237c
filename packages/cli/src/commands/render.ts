import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../CliError.js';

/**
 * `printloom render …`: mockups, design PNGs and the template list, drawn locally with the same
 * code as the dashboard (no server, no network). Bad input — a missing file, a bad colour, an
 * image over the pixel limit — ends with a one-line message and exit code 1.
 */

const FORMATS = ['jpeg', 'png', 'webp'] as const;
type Format = (typeof FORMATS)[number];

interface MockupOptions {
  template: string;
  design: string;
  color?: string;
  size: string;
  format?: string;
  out: string;
  printSpace?: string;
}

interface DesignOptions {
  doc: string;
  out: string;
  width?: string;
  printSpace?: string;
}

/** Turns the renderer's input errors and schema failures into messages for the user. */
async function userErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error instanceof Error && error.name === 'RenderInputError')
      throw new CliError(error.message);
    throw error;
  }
}

function parseSize(value: string, name: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new CliError(`${name} must be a whole number of pixels above 0, got "${value}"`);
  return size;
}

/** File extensions of each output format; `.jpg` and `.jpeg` are both JPEG. */
const EXTENSIONS: Record<Format, readonly string[]> = {
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  webp: ['.webp'],
};

function formatOfExtension(ext: string): Format | undefined {
  return FORMATS.find((format) => EXTENSIONS[format].includes(ext));
}

/**
 * The output format: `--format` when given, else the one `--out` is named for (JPEG when it has
 * no extension). A format that contradicts the file name is refused rather than written into a
 * file whose extension lies about its content.
 */
export function formatOf(out: string, requested?: string): Format {
  const ext = extname(out).toLowerCase();
  if (requested !== undefined) {
    const format = requested.toLowerCase().replace(/^jpg$/, 'jpeg');
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new CliError(`Unknown format "${requested}": use jpeg, png or webp`);
    }
    if (ext && !EXTENSIONS[format as Format].includes(ext)) {
      throw new CliError(
        `--format ${format} does not match --out ${basename(out)}: name the file ${EXTENSIONS[format as Format][0]} or leave out --format`,
      );
    }
    return format as Format;
  }
  if (!ext) return 'jpeg';
  const format = formatOfExtension(ext);
  if (!format) {
    throw new CliError(
      `Cannot tell the format of --out ${basename(out)}: name the file .jpg, .png or .webp, or pass --format jpeg|png|webp`,
    );
  }
  return format;
}

/** Writes to the program's configured stdout, so `run(argv, io)` captures it. */
function printer(command: Command): (text: string) => void {
  let root = command;
  while (root.parent) root = root.parent;
  const write = root.configureOutput().writeOut;
  return (text) => (write ? write(text) : process.stdout.write(text));
}

async function writeOut(out: string, data: Buffer, print: (text: string) => void): Promise<void> {
  const path = resolve(out);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
  print(`${path}\n`);
}

/**
 * Reads a design document file: one print space's design, or a product's design document keyed
 * `{templateId}_{printSpaceName}` (the print space named by `printSpace`, else the first).
 */
async function readDesign(file: string, printSpace?: string) {
  const { DesignDocument, PrintSpaceDesign } = await import('@printloom/core');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(resolve(file), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new CliError(`File not found: ${resolve(file)}`);
    throw new CliError(`${file} is not valid JSON`);
  }
  const isDocument = typeof json === 'object' && json !== null && 'printSpaces' in json;
  const parsed = isDocument ? DesignDocument.safeParse(json) : PrintSpaceDesign.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(
      `${file} is not a design: ${issue?.path.join('.') || 'design'}: ${issue?.message}`,
    );
  }
  if (!('printSpaces' in parsed.data)) return parsed.data;
  const designs = Object.values(parsed.data.printSpaces);
  const chosen = printSpace ? designs.find((d) => d.printSpace.name === printSpace) : designs[0];
  if (!chosen) throw new CliError(`${file} has no design for print space "${printSpace ?? ''}"`);
  return chosen;
}

export function registerRenderCommands(program: Command): void {
  const render = program
    .command('render')
    .description('Draw mockups and design images locally, offline, with the bundled templates');

  render
    .command('mockup')
    .description('Render a product mockup of a design')
    .requiredOption(
      '--template <id|file>',
      'bundled template id (see `render templates`) or a template JSON file',
    )
    .requiredOption(
      '--design <png|design.json>',
      'design image, or a design document to draw first',
    )
    .option(
      '--color <hex>',
      "product colour, #rgb or #rrggbb (default: the template's first colour)",
    )
    .option('--size <px>', 'longest side in pixels, at most 2000', '2000')
    .option('--format <format>', 'jpeg, png or webp (default: from --out, else jpeg)')
    .option('--print-space <name>', 'print space of the template and design document')
    .requiredOption('--out <file>', 'where to write the mockup')
    .action(async (options: MockupOptions, command: Command) => {
      const size = parseSize(options.size, '--size');
      const format = formatOf(options.out, options.format);
      const data = await userErrors(async () => {
        const node = await import('@printloom/renderer/node');
        if (options.color !== undefined) node.checkColor(options.color);
        const loaded = await node.findTemplate(options.template);
        const isDoc = extname(options.design).toLowerCase() === '.json';
        const design = isDoc
          ? await node.renderDesignCanvas(await readDesign(options.design, options.printSpace), {
              baseDir: dirname(resolve(options.design)),
            })
          : await node.loadImageFrom(options.design);
        const renderOptions = {
          size,
          format,
          ...(options.color !== undefined ? { color: options.color } : {}),
          ...(options.printSpace !== undefined ? { printSpace: options.printSpace } : {}),
        };
        if (loaded.template.kind === '2d') return node.renderMockup(loaded, design, renderOptions);
        // 3D from the template's bake: no browser is started. A template file with its own
        // model and no bake beside it is rendered with three.js in Chromium.
        if (await node.hasBake(loaded))
          return node.renderBaked3dMockup(loaded, design, renderOptions);
        const png = await node.toPng(design);
        const pool = await node.ChromiumPool.launch();
        try {
          return await node.render3dMockup(pool, loaded, png, renderOptions);
        } finally {
          await pool.close();
        }
      });
      await writeOut(options.out, data, printer(command));
    });

  render
    .command('design')
    .description('Render a design document to a PNG (long side at most 1920, spec §9)')
    .requiredOption('--doc <design.json>', 'design document')
    .requiredOption('--out <file.png>', 'where to write the PNG')
    .option('--width <px>', 'output width in pixels (default: the PNG export size)')
    .option('--print-space <name>', 'print space of a multi-space design document')
    .action(async (options: DesignOptions, command: Command) => {
      const ext = extname(options.out).toLowerCase();
      if (ext && ext !== '.png') {
        throw new CliError(
          `render design writes PNG, but --out ${basename(options.out)} is named ${ext}: name the file .png`,
        );
      }
      const width = options.width !== undefined ? parseSize(options.width, '--width') : undefined;
      const design = await readDesign(options.doc, options.printSpace);
      const png = await userErrors(async () => {
        const node = await import('@printloom/renderer/node');
        return node.renderDesign(design, {
          baseDir: dirname(resolve(options.doc)),
          ...(width !== undefined ? { width } : {}),
        });
      });
      await writeOut(options.out, png, printer(command));
    });

  render
    .command('templates')
    .description('List the bundled product templates')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const print = printer(command);
      const node = await import('@printloom/renderer/node');
      const list = (await node.listTemplates()).map(({ template }) => ({
        id: template.id,
        name: template.name,
        kind: template.kind,
        printSpaces: template.printSpaces,
        colors: template.colors,
      }));
      if (options.json) {
        print(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      for (const t of list) {
        const spaces = t.printSpaces.map((s) => `${s.name} ${s.width}×${s.height}`).join(', ');
        const colors = t.colors.map((c) => `${c.name} ${c.hex_code}`).join(', ');
        print(
          `${t.id.padEnd(10)} ${t.kind}  ${t.name}\n           print spaces: ${spaces}\n           colours: ${colors}\n`,
        );
      }
    });
}
