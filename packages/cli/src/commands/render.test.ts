import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { ChromiumPool, imageSize, sampleArtwork } from '@printloom/renderer/node';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '../program.js';

function capture() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => {
    out += String(c);
  });
  stderr.on('data', (c) => {
    err += String(c);
  });
  return { io: { stdout, stderr }, out: () => out, err: () => err };
}

async function cli(...argv: string[]) {
  const c = capture();
  const code = await run(argv, c.io);
  return { code, stdout: c.out(), stderr: c.err() };
}

/** A PNG whose header claims 20000 × 20000 pixels. */
function hugePng(): Buffer {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(20000, 16);
  b.writeUInt32BE(20000, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

let dir: string;
let art: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'printloom-render-'));
  art = join(dir, 'art.png');
  writeFileSync(art, await sampleArtwork(600, 750).encode('png'));
  writeFileSync(join(dir, 'huge.png'), hugePng());
  writeFileSync(
    join(dir, 'design.json'),
    JSON.stringify({
      printSpace: { id: '101_front', name: 'front', width: 4200, height: 4800 },
      objects: [
        {
          type: 'image',
          id: 'a',
          src: 'art.png',
          left: 2100,
          top: 2000,
          width: 600,
          height: 750,
          scaleX: 5,
          scaleY: 5,
        },
        {
          type: 'text',
          id: 't',
          text: 'Best Mom Ever',
          left: 2100,
          top: 4300,
          width: 3360,
          height: 480,
          fontSize: 400,
        },
      ],
    }),
  );
});

describe('printloom render templates', () => {
  it('lists the bundled templates with kind, print spaces and colours', async () => {
    const result = await cli('render', 'templates', '--json');
    expect(result.code).toBe(0);
    const list = JSON.parse(result.stdout) as {
      id: string;
      kind: string;
      printSpaces: unknown[];
      colors: unknown[];
    }[];
    expect(list.map((t) => t.id)).toEqual(
      expect.arrayContaining(['tshirt', 'hoodie', 'mug', 'poster', 'tote', 'mug-3d']),
    );
    expect(list.find((t) => t.id === 'mug-3d')?.kind).toBe('3d');
    expect(list.find((t) => t.id === 'tshirt')?.printSpaces).toEqual([
      { name: 'front', width: 4200, height: 4800 },
      { name: 'back', width: 4200, height: 4800 },
    ]);
  });
  it('prints a readable list', async () => {
    const result = await cli('render', 'templates');
    expect(result.stdout).toContain('Classic T-shirt');
    expect(result.stdout).toContain('Navy #1F2A44');
  });
});

describe('printloom render mockup', () => {
  it('renders a PNG design on a t-shirt as a JPEG of the asked size', async () => {
    const out = join(dir, 'tshirt.jpg');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      art,
      '--color',
      '#1F2A44',
      '--size',
      '600',
      '--out',
      out,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.trim()).toBe(out);
    expect(imageSize(readFileSync(out))).toEqual({ width: 600, height: 600, format: 'jpeg' });
  });
  it('draws a design document first and writes WebP when asked', async () => {
    const out = join(dir, 'mug.webp');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'mug',
      '--design',
      join(dir, 'design.json'),
      '--format',
      'webp',
      '--size',
      '400',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(imageSize(readFileSync(out))).toMatchObject({ width: 400, format: 'webp' });
  });
  it('never renders larger than 2000 pixels', async () => {
    const out = join(dir, 'big.png');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'poster',
      '--design',
      art,
      '--size',
      '5000',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(imageSize(readFileSync(out))).toMatchObject({
      width: 2000,
      height: 2000,
      format: 'png',
    });
  });
  it('renders a 3D template from its bake without starting a browser', async () => {
    const launch = vi.spyOn(ChromiumPool, 'launch');
    const out = join(dir, 'mug3d.jpg');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'mug-3d',
      '--design',
      art,
      '--size',
      '300',
      '--out',
      out,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(imageSize(readFileSync(out))).toEqual({ width: 300, height: 300, format: 'jpeg' });
    expect(launch).not.toHaveBeenCalled();
    launch.mockRestore();
  }, 60_000);
  it('renders a template from a JSON file with its own layer files', async () => {
    const { findTemplate } = await import('@printloom/renderer/node');
    const bundled = await findTemplate('tote');
    const own = join(dir, 'own-template');
    mkdirSync(own);
    const layers = bundled.template.mockups[0]!.layers;
    for (const file of Object.values(layers))
      copyFileSync(join(bundled.dir, file!), join(own, basename(file!)));
    const template = {
      ...bundled.template,
      id: 'my-tote',
      mockups: [
        {
          ...bundled.template.mockups[0],
          layers: Object.fromEntries(Object.entries(layers).map(([k, f]) => [k, basename(f!)])),
        },
      ],
    };
    writeFileSync(join(own, 'template.json'), JSON.stringify(template));
    const out = join(dir, 'own.png');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      join(own, 'template.json'),
      '--design',
      art,
      '--size',
      '300',
      '--out',
      out,
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(imageSize(readFileSync(out))).toMatchObject({ width: 300, format: 'png' });
  });
  it('names a missing design file and exits 1', async () => {
    const missing = join(dir, 'nope.png');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      missing,
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`printloom: File not found: ${missing}\n`);
  });
  it('refuses a bad colour', async () => {
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      art,
      '--color',
      'navy',
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"navy" is not a colour: write it as #rgb or #rrggbb');
  });
  it('refuses an image over the pixel limit without decoding it', async () => {
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      join(dir, 'huge.png'),
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is 20000×20000 pixels, over the limit of 50,000,000 pixels');
  });
  it('names the bundled templates when the id is unknown', async () => {
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'sock',
      '--design',
      art,
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown template "sock". Bundled templates: tshirt, hoodie');
  });
  it('refuses an unknown format and a nonsense size', async () => {
    const bad = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      art,
      '--format',
      'gif',
      '--out',
      join(dir, 'x.gif'),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Unknown format "gif": use jpeg, png or webp');
    const size = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      art,
      '--size',
      'big',
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(size.code).toBe(1);
    expect(size.stderr).toContain('--size must be a whole number of pixels above 0');
  });
});

describe('printloom render mockup --format and --out', () => {
  const mockup = (...extra: string[]) =>
    cli('render', 'mockup', '--template', 'poster', '--design', art, '--size', '200', ...extra);

  it('writes the format --out is named for when --format is absent', async () => {
    for (const [file, format] of [
      ['named.webp', 'webp'],
      ['named.PNG', 'png'],
      ['named.jpeg', 'jpeg'],
      ['no-extension', 'jpeg'],
    ] as const) {
      const out = join(dir, file);
      const result = await mockup('--out', out);
      expect(result.code, result.stderr).toBe(0);
      expect(imageSize(readFileSync(out)).format).toBe(format);
    }
  });
  it('accepts --format that agrees with the file name, jpg and jpeg alike', async () => {
    const out = join(dir, 'agree.jpg');
    const result = await mockup('--format', 'jpeg', '--out', out);
    expect(result.code).toBe(0);
    expect(imageSize(readFileSync(out)).format).toBe('jpeg');
  });
  it('refuses --format that contradicts the file name and writes nothing', async () => {
    const out = join(dir, 'contradicts.jpg');
    const result = await mockup('--format', 'webp', '--out', out);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'printloom: --format webp does not match --out contradicts.jpg: name the file .webp or leave out --format\n',
    );
    expect(existsSync(out)).toBe(false);
  });
  it('refuses a file name whose format it cannot tell', async () => {
    const result = await mockup('--out', join(dir, 'mockup.tiff'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Cannot tell the format of --out mockup.tiff: name the file .jpg, .png or .webp',
    );
  });
});

describe('printloom render error cases', () => {
  it('names a missing template file', async () => {
    const missing = join(dir, 'missing-template.json');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      missing,
      '--design',
      art,
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`printloom: File not found: ${missing}\n`);
  });
  it('refuses an oversized design on a 3D template before starting a browser', async () => {
    const launch = vi.spyOn(ChromiumPool, 'launch');
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'mug-3d',
      '--design',
      join(dir, 'huge.png'),
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is 20000×20000 pixels, over the limit of 50,000,000 pixels');
    expect(launch).not.toHaveBeenCalled();
    launch.mockRestore();
  });
  it('refuses an oversized image inside a design document', async () => {
    writeFileSync(
      join(dir, 'huge-design.json'),
      JSON.stringify({
        printSpace: { id: '101_front', name: 'front', width: 4200, height: 4800 },
        objects: [
          {
            type: 'image',
            id: 'h',
            src: 'huge.png',
            left: 2100,
            top: 2400,
            width: 20000,
            height: 20000,
          },
        ],
      }),
    );
    for (const argv of [
      ['render', 'design', '--doc', join(dir, 'huge-design.json'), '--out', join(dir, 'h.png')],
      [
        'render',
        'mockup',
        '--template',
        'tshirt',
        '--design',
        join(dir, 'huge-design.json'),
        '--out',
        join(dir, 'h.jpg'),
      ],
    ]) {
      const result = await cli(...argv);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('huge.png is 20000×20000 pixels, over the limit');
    }
  });
  it('refuses a bad colour before reading the template or design', async () => {
    const result = await cli(
      'render',
      'mockup',
      '--template',
      'tshirt',
      '--design',
      join(dir, 'nope.png'),
      '--color',
      '#12345',
      '--out',
      join(dir, 'x.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"#12345" is not a colour');
  });
  it('writes design PNGs only', async () => {
    const result = await cli(
      'render',
      'design',
      '--doc',
      join(dir, 'design.json'),
      '--out',
      join(dir, 'design.jpg'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('render design writes PNG, but --out design.jpg is named .jpg');
  });
});

describe('printloom render design', () => {
  it('writes the design as a PNG at most 1920 on its long side', async () => {
    const out = join(dir, 'design.png');
    const result = await cli('render', 'design', '--doc', join(dir, 'design.json'), '--out', out);
    expect(result.code).toBe(0);
    expect(imageSize(readFileSync(out))).toEqual({ width: 1680, height: 1920, format: 'png' });
  });
  it('explains a document that is not a design', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ objects: [] }));
    const result = await cli(
      'render',
      'design',
      '--doc',
      join(dir, 'bad.json'),
      '--out',
      join(dir, 'bad.png'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.json is not a design: printSpace');
  });
  it('names a missing document', async () => {
    const result = await cli(
      'render',
      'design',
      '--doc',
      join(dir, 'none.json'),
      '--out',
      join(dir, 'n.png'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('File not found');
  });
});
