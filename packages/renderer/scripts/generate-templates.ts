/**
 * Draws the bundled product templates (layer PNGs) and writes templates/manifest.json. Every
 * picture is drawn here from paths and gradients, so the repository holds no photographs and the
 * assets can be regenerated: `node scripts/generate-templates.ts` (3D models come from
 * generate-models.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

const SIZE = 1000;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');

type Ctx = SKRSContext2D;
type Path = (ctx: Ctx) => void;
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function layer(draw: (ctx: Ctx) => void): Buffer {
  const canvas = createCanvas(SIZE, SIZE);
  draw(canvas.getContext('2d'));
  return canvas.encodeSync('png');
}

function studio(ctx: Ctx, top = '#f1f1ef', bottom = '#dcdcd8') {
  const g = ctx.createLinearGradient(0, 0, 0, SIZE);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, SIZE, SIZE);
}

function dropShadow(ctx: Ctx, shape: Path, blur = 28, offsetY = 14, alpha = 0.35) {
  ctx.save();
  ctx.filter = `blur(${blur}px)`;
  ctx.fillStyle = `rgba(0,0,0,${alpha})`;
  ctx.translate(0, offsetY);
  shape(ctx);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.fillStyle = '#9a9a9a';
  shape(ctx);
  ctx.fill();
  ctx.restore();
}

function mask(shape: Path): Buffer {
  return layer((ctx) => {
    ctx.fillStyle = '#ffffff';
    shape(ctx);
    ctx.fill();
  });
}

/** White everywhere (multiply leaves it alone), shading drawn only inside the product. */
function shading(shape: Path, draw: (ctx: Ctx) => void): Buffer {
  return layer((ctx) => {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, SIZE, SIZE);
    ctx.save();
    shape(ctx);
    ctx.clip();
    draw(ctx);
    ctx.restore();
  });
}

function softStroke(
  ctx: Ctx,
  points: [number, number][],
  width: number,
  alpha: number,
  blur: number,
  light = false,
) {
  ctx.save();
  ctx.filter = `blur(${blur}px)`;
  ctx.strokeStyle = light ? `rgba(255,255,255,${alpha})` : `rgba(0,0,0,${alpha})`;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  for (const [i, [x, y]] of points.entries()) {
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.restore();
}

function sideShade(ctx: Ctx, left: number, right: number, alpha: number) {
  const g = ctx.createLinearGradient(left, 0, right, 0);
  g.addColorStop(0, `rgba(0,0,0,${alpha})`);
  g.addColorStop(0.18, 'rgba(0,0,0,0)');
  g.addColorStop(0.82, 'rgba(0,0,0,0)');
  g.addColorStop(1, `rgba(0,0,0,${alpha})`);
  ctx.fillStyle = g;
  ctx.fillRect(left, 0, right - left, SIZE);
}

function stitch(ctx: Ctx, points: [number, number][], alpha = 0.22) {
  ctx.save();
  ctx.strokeStyle = `rgba(0,0,0,${alpha})`;
  ctx.lineWidth = 2;
  ctx.setLineDash([6, 5]);
  ctx.beginPath();
  for (const [i, [x, y]] of points.entries()) {
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  ctx.restore();
}

function rectMask(area: Rect, radius = 0): Buffer {
  const canvas = createCanvas(Math.round(area.width), Math.round(area.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(0, 0, area.width, area.height, radius);
  ctx.fill();
  return canvas.encodeSync('png');
}

/**
 * A crop in the shape of the product: the print area's part of the product's mask, so ink
 * reaches the product's edges and nothing past them. Cut from the full-size mask pixel for pixel
 * (a path drawn again on a smaller canvas anti-aliases its edges a little differently).
 */
function shapeMask(area: Rect, shape: Path): Buffer {
  const full = createCanvas(SIZE, SIZE);
  const fullCtx = full.getContext('2d');
  fullCtx.fillStyle = '#ffffff';
  shape(fullCtx);
  fullCtx.fill();
  const width = Math.round(area.width);
  const height = Math.round(area.height);
  const canvas = createCanvas(width, height);
  canvas
    .getContext('2d')
    .putImageData(
      fullCtx.getImageData(Math.round(area.x), Math.round(area.y), width, height),
      0,
      0,
    );
  return canvas.encodeSync('png');
}

/** A print area of the print space's proportions, `width` wide, centred on `cx`, top at `y`. */
function areaFor(
  space: { width: number; height: number },
  cx: number,
  y: number,
  width: number,
): Rect {
  const height = Math.round((width * space.height) / space.width);
  return { x: Math.round(cx - width / 2), y, width, height };
}

// ---------------------------------------------------------------- shapes

const tshirt: Path = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(420, 150);
  ctx.quadraticCurveTo(500, 215, 580, 150);
  ctx.lineTo(700, 182);
  ctx.quadraticCurveTo(800, 222, 868, 318);
  ctx.lineTo(784, 392);
  ctx.lineTo(700, 340);
  ctx.quadraticCurveTo(694, 620, 704, 885);
  ctx.quadraticCurveTo(500, 905, 296, 885);
  ctx.quadraticCurveTo(306, 620, 300, 340);
  ctx.lineTo(216, 392);
  ctx.lineTo(132, 318);
  ctx.quadraticCurveTo(200, 222, 300, 182);
  ctx.closePath();
};

const hoodie: Path = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(400, 170);
  ctx.quadraticCurveTo(390, 95, 500, 80);
  ctx.quadraticCurveTo(610, 95, 600, 170);
  ctx.lineTo(712, 200);
  ctx.quadraticCurveTo(790, 235, 815, 360);
  ctx.lineTo(872, 800);
  ctx.lineTo(806, 818);
  ctx.lineTo(730, 420);
  ctx.quadraticCurveTo(724, 650, 730, 890);
  ctx.quadraticCurveTo(500, 910, 270, 890);
  ctx.quadraticCurveTo(276, 650, 270, 420);
  ctx.lineTo(194, 818);
  ctx.lineTo(128, 800);
  ctx.lineTo(185, 360);
  ctx.quadraticCurveTo(210, 235, 288, 200);
  ctx.closePath();
};

/** The T-shirt seen from the back: the same cut with the higher back neckline. */
const tshirtBack: Path = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(420, 150);
  ctx.quadraticCurveTo(500, 178, 580, 150);
  ctx.lineTo(700, 182);
  ctx.quadraticCurveTo(800, 222, 868, 318);
  ctx.lineTo(784, 392);
  ctx.lineTo(700, 340);
  ctx.quadraticCurveTo(694, 620, 704, 885);
  ctx.quadraticCurveTo(500, 905, 296, 885);
  ctx.quadraticCurveTo(306, 620, 300, 340);
  ctx.lineTo(216, 392);
  ctx.lineTo(132, 318);
  ctx.quadraticCurveTo(200, 222, 300, 182);
  ctx.closePath();
};

const toteBag: Path = (ctx) => {
  ctx.beginPath();
  ctx.rect(290, 330, 420, 520);
  // Handles as rings, so the background shows through them.
  for (const cx of [410, 590]) {
    ctx.moveTo(cx - 55, 332);
    ctx.bezierCurveTo(cx - 60, 150, cx + 60, 150, cx + 55, 332);
    ctx.lineTo(cx + 35, 332);
    ctx.bezierCurveTo(cx + 38, 180, cx - 38, 180, cx - 35, 332);
    ctx.closePath();
  }
};

const posterFrame: Path = (ctx) => {
  ctx.beginPath();
  ctx.rect(290, 140, 420, 560);
  ctx.rect(318, 168, 364, 504);
};
const posterOuter: Path = (ctx) => {
  ctx.beginPath();
  ctx.rect(290, 140, 420, 560);
};

const mugBody: Path = (ctx) => {
  ctx.beginPath();
  ctx.moveTo(320, 300);
  ctx.lineTo(320, 720);
  ctx.ellipse(490, 720, 170, 34, 0, Math.PI, 0, true);
  ctx.lineTo(660, 300);
  ctx.ellipse(490, 300, 170, 34, 0, 0, Math.PI, true);
  ctx.closePath();
};
// Wound the same way as the body (counter-clockwise on screen), so where they overlap the
// non-zero fill keeps both instead of cutting a hole.
const mugHandle: Path = (ctx) => {
  ctx.moveTo(655, 420);
  ctx.bezierCurveTo(752, 420, 752, 600, 655, 600);
  ctx.lineTo(655, 640);
  ctx.bezierCurveTo(800, 640, 800, 360, 655, 380);
  ctx.closePath();
};
const mug: Path = (ctx) => {
  mugBody(ctx);
  mugHandle(ctx);
};

// ---------------------------------------------------------------- templates

const apparelColors = [
  { name: 'White', hex_code: '#FFFFFF' },
  { name: 'Black', hex_code: '#111111' },
  { name: 'Navy', hex_code: '#1F2A44' },
  { name: 'Heather Grey', hex_code: '#B8B8B8' },
  { name: 'Red', hex_code: '#C62828' },
  { name: 'Forest Green', hex_code: '#2E5E3A' },
];

type LayerName = 'background' | 'color' | 'shadow' | 'overlay';

interface Template2d {
  id: string;
  templateId: number;
  name: string;
  printSpace: { name: string; width: number; height: number };
  area: Rect;
  colors: { name: string; hex_code: string }[];
  cropRadius?: number;
  /** The crop's shape when it is not the print area's (rounded) rectangle. */
  cropShape?: Path;
  /** Print type (spec §3) written to the manifest when not the default: 3 = all-over print. */
  printType?: number;
  layers: Record<LayerName, () => Buffer>;
  /** A second view (the back of a garment): its layers are written as `back-{layer}.png`. */
  back?: {
    printSpace: { name: string; width: number; height: number };
    area: Rect;
    cropShape?: Path;
    layers: Record<LayerName, () => Buffer>;
  };
}

/** The T-shirt's shading, folds, seams and highlight, front and back. */
const tshirtFrontLayers: Record<LayerName, () => Buffer> = {
  background: () =>
    layer((ctx) => {
      studio(ctx);
      dropShadow(ctx, tshirt);
    }),
  color: () => mask(tshirt),
  shadow: () =>
    shading(tshirt, (ctx) => {
      sideShade(ctx, 296, 704, 0.18);
      ctx.fillStyle = 'rgba(0,0,0,0.55)';
      ctx.beginPath();
      ctx.moveTo(420, 150);
      ctx.quadraticCurveTo(500, 215, 580, 150);
      ctx.quadraticCurveTo(500, 172, 420, 150);
      ctx.fill();
      softStroke(
        ctx,
        [
          [420, 152],
          [500, 205],
          [580, 152],
        ],
        10,
        0.25,
        3,
      );
      softStroke(
        ctx,
        [
          [340, 420],
          [420, 600],
          [400, 860],
        ],
        26,
        0.09,
        14,
      );
      softStroke(
        ctx,
        [
          [650, 380],
          [600, 640],
          [640, 870],
        ],
        30,
        0.1,
        16,
      );
      softStroke(
        ctx,
        [
          [300, 190],
          [300, 345],
        ],
        14,
        0.16,
        6,
      );
      softStroke(
        ctx,
        [
          [700, 190],
          [700, 345],
        ],
        14,
        0.16,
        6,
      );
      softStroke(
        ctx,
        [
          [230, 300],
          [270, 360],
        ],
        22,
        0.1,
        10,
      );
      softStroke(
        ctx,
        [
          [770, 300],
          [730, 360],
        ],
        22,
        0.1,
        10,
      );
      stitch(ctx, [
        [310, 862],
        [500, 880],
        [690, 862],
      ]);
      stitch(ctx, [
        [224, 378],
        [140, 306],
      ]);
      stitch(ctx, [
        [776, 378],
        [860, 306],
      ]);
    }),
  overlay: () =>
    layer((ctx) => {
      ctx.save();
      tshirt(ctx);
      ctx.clip();
      softStroke(
        ctx,
        [
          [460, 300],
          [520, 600],
          [490, 840],
        ],
        60,
        0.06,
        30,
        true,
      );
      ctx.restore();
      ctx.fillStyle = 'rgba(245,245,245,0.9)';
      ctx.fillRect(486, 166, 28, 14);
    }),
};

const tshirtBackLayers: Record<LayerName, () => Buffer> = {
  background: () =>
    layer((ctx) => {
      studio(ctx);
      dropShadow(ctx, tshirtBack);
    }),
  color: () => mask(tshirtBack),
  shadow: () =>
    shading(tshirtBack, (ctx) => {
      sideShade(ctx, 296, 704, 0.18);
      softStroke(
        ctx,
        [
          [420, 152],
          [500, 180],
          [580, 152],
        ],
        12,
        0.3,
        4,
      );
      softStroke(
        ctx,
        [
          [360, 430],
          [430, 620],
          [410, 860],
        ],
        26,
        0.08,
        14,
      );
      softStroke(
        ctx,
        [
          [640, 400],
          [590, 650],
          [630, 870],
        ],
        30,
        0.09,
        16,
      );
      stitch(ctx, [
        [310, 862],
        [500, 880],
        [690, 862],
      ]);
      stitch(ctx, [
        [224, 378],
        [140, 306],
      ]);
      stitch(ctx, [
        [776, 378],
        [860, 306],
      ]);
    }),
  overlay: () => layer(() => {}),
};

const tshirtSpace = { name: 'front', width: 4200, height: 4800 };
/**
 * All-over print covers the whole shirt: the print area is the silhouette's bounding box (sleeve
 * tip to sleeve tip, shoulder to the lowest point of the hem) and the print space has its
 * proportions, 36 × 36.4 in at 150 DPI, so a pattern made for it lands on the shirt unscaled
 * on either axis.
 */
const tshirtBounds: Rect = { x: 132, y: 150, width: 736, height: 745 };
const tshirtAopSpace = {
  name: 'front',
  width: 5400,
  height: Math.round((5400 * tshirtBounds.height) / tshirtBounds.width),
};
const hoodieSpace = { name: 'front', width: 3900, height: 4200 };
const toteSpace = { name: 'front', width: 3600, height: 3600 };
const posterSpace = { name: 'front', width: 5400, height: 7200 };
const mugSpace = { name: 'front', width: 2700, height: 2400 };

const templates: Template2d[] = [
  {
    id: 'tshirt',
    templateId: 101,
    name: 'Classic T-shirt',
    printSpace: tshirtSpace,
    area: areaFor(tshirtSpace, 500, 250, 280),
    colors: apparelColors,
    layers: tshirtFrontLayers,
    back: {
      printSpace: { ...tshirtSpace, name: 'back' },
      area: areaFor(tshirtSpace, 500, 215, 300),
      layers: tshirtBackLayers,
    },
  },
  {
    id: 'hoodie',
    templateId: 102,
    name: 'Pullover Hoodie',
    printSpace: hoodieSpace,
    area: areaFor(hoodieSpace, 500, 285, 250),
    colors: apparelColors,
    layers: {
      background: () =>
        layer((ctx) => {
          studio(ctx, '#eeeeea', '#d6d6d2');
          dropShadow(ctx, hoodie);
        }),
      color: () => mask(hoodie),
      shadow: () =>
        shading(hoodie, (ctx) => {
          sideShade(ctx, 270, 730, 0.2);
          ctx.fillStyle = 'rgba(0,0,0,0.5)';
          ctx.beginPath();
          ctx.ellipse(500, 160, 70, 55, 0, 0, Math.PI * 2);
          ctx.fill();
          softStroke(
            ctx,
            [
              [410, 175],
              [440, 240],
              [500, 262],
              [560, 240],
              [590, 175],
            ],
            16,
            0.3,
            6,
          );
          ctx.save();
          ctx.filter = 'blur(3px)';
          ctx.strokeStyle = 'rgba(0,0,0,0.28)';
          ctx.lineWidth = 4;
          ctx.beginPath();
          ctx.moveTo(360, 800);
          ctx.lineTo(390, 640);
          ctx.lineTo(610, 640);
          ctx.lineTo(640, 800);
          ctx.stroke();
          ctx.restore();
          ctx.fillStyle = 'rgba(0,0,0,0.12)';
          ctx.fillRect(272, 850, 456, 40);
          ctx.fillRect(806, 770, 66, 40);
          ctx.fillRect(128, 770, 66, 40);
          softStroke(
            ctx,
            [
              [770, 420],
              [800, 640],
            ],
            24,
            0.12,
            12,
          );
          softStroke(
            ctx,
            [
              [230, 420],
              [200, 640],
            ],
            24,
            0.12,
            12,
          );
          softStroke(
            ctx,
            [
              [320, 460],
              [350, 700],
            ],
            24,
            0.08,
            14,
          );
          stitch(ctx, [
            [276, 850],
            [724, 850],
          ]);
        }),
      overlay: () =>
        layer((ctx) => {
          ctx.strokeStyle = 'rgba(250,250,250,0.95)';
          ctx.lineWidth = 7;
          ctx.lineCap = 'round';
          for (const [x0, x1] of [
            [470, 462],
            [530, 540],
          ] as const) {
            ctx.beginPath();
            ctx.moveTo(x0, 250);
            ctx.quadraticCurveTo(x0 + (x1 - x0) * 2, 330, x1, 395);
            ctx.stroke();
          }
          ctx.fillStyle = 'rgba(200,200,200,0.95)';
          for (const x of [462, 540]) ctx.fillRect(x - 4, 392, 8, 18);
        }),
    },
    back: {
      printSpace: { ...hoodieSpace, name: 'back' },
      area: areaFor(hoodieSpace, 500, 260, 290),
      layers: {
        background: () =>
          layer((ctx) => {
            studio(ctx, '#eeeeea', '#d6d6d2');
            dropShadow(ctx, hoodie);
          }),
        color: () => mask(hoodie),
        shadow: () =>
          shading(hoodie, (ctx) => {
            sideShade(ctx, 270, 730, 0.2);
            // The hood lies on the back: its outline and centre seam.
            softStroke(
              ctx,
              [
                [400, 172],
                [430, 235],
                [500, 250],
                [570, 235],
                [600, 172],
              ],
              14,
              0.28,
              6,
            );
            softStroke(
              ctx,
              [
                [500, 84],
                [500, 248],
              ],
              6,
              0.22,
              3,
            );
            ctx.fillStyle = 'rgba(0,0,0,0.12)';
            ctx.fillRect(272, 850, 456, 40);
            ctx.fillRect(806, 770, 66, 40);
            ctx.fillRect(128, 770, 66, 40);
            softStroke(
              ctx,
              [
                [770, 420],
                [800, 640],
              ],
              24,
              0.12,
              12,
            );
            softStroke(
              ctx,
              [
                [230, 420],
                [200, 640],
              ],
              24,
              0.12,
              12,
            );
            stitch(ctx, [
              [276, 850],
              [724, 850],
            ]);
          }),
        overlay: () => layer(() => {}),
      },
    },
  },
  {
    id: 'tote',
    templateId: 103,
    name: 'Canvas Tote Bag',
    printSpace: toteSpace,
    area: areaFor(toteSpace, 500, 420, 310),
    colors: [
      { name: 'Natural', hex_code: '#EFE6D2' },
      { name: 'Black', hex_code: '#111111' },
      { name: 'Navy', hex_code: '#1F2A44' },
      { name: 'Red', hex_code: '#B71C1C' },
    ],
    layers: {
      background: () =>
        layer((ctx) => {
          studio(ctx, '#f4f1ea', '#ddd8cc');
          dropShadow(ctx, toteBag, 24, 12, 0.3);
        }),
      color: () => mask(toteBag),
      shadow: () =>
        shading(toteBag, (ctx) => {
          sideShade(ctx, 290, 710, 0.16);
          ctx.fillStyle = 'rgba(0,0,0,0.1)';
          ctx.fillRect(290, 330, 420, 30);
          stitch(
            ctx,
            [
              [296, 356],
              [704, 356],
            ],
            0.3,
          );
          for (const x of [370, 440, 550, 620])
            stitch(
              ctx,
              [
                [x, 332],
                [x, 372],
              ],
              0.35,
            );
          softStroke(
            ctx,
            [
              [380, 380],
              [400, 600],
              [370, 840],
            ],
            26,
            0.07,
            16,
          );
          softStroke(
            ctx,
            [
              [640, 400],
              [610, 620],
              [630, 840],
            ],
            26,
            0.08,
            16,
          );
          // Woven canvas texture: faint horizontal and vertical threads.
          ctx.fillStyle = 'rgba(0,0,0,0.035)';
          for (let y = 332; y < 850; y += 4) ctx.fillRect(290, y, 420, 1);
          for (let x = 292; x < 710; x += 4) ctx.fillRect(x, 330, 1, 520);
        }),
      overlay: () => layer(() => {}),
    },
  },
  {
    id: 'poster',
    templateId: 104,
    name: 'Framed Poster',
    printSpace: posterSpace,
    area: { x: 318, y: 168, width: 364, height: 504 },
    colors: [
      { name: 'Black Frame', hex_code: '#1B1B1B' },
      { name: 'White Frame', hex_code: '#F5F5F5' },
      { name: 'Oak Frame', hex_code: '#B5854B' },
    ],
    layers: {
      background: () =>
        layer((ctx) => {
          studio(ctx, '#ece6dc', '#e2dacd');
          ctx.fillStyle = '#cfc6b8';
          ctx.fillRect(0, 860, SIZE, 140);
          ctx.fillStyle = 'rgba(0,0,0,0.08)';
          ctx.fillRect(0, 856, SIZE, 6);
          ctx.save();
          ctx.filter = 'blur(18px)';
          ctx.fillStyle = 'rgba(0,0,0,0.35)';
          ctx.fillRect(300, 156, 420, 560);
          ctx.restore();
          ctx.fillStyle = '#fbfbf9';
          posterOuter(ctx);
          ctx.fill();
        }),
      color: () =>
        layer((ctx) => {
          ctx.fillStyle = '#ffffff';
          posterFrame(ctx);
          ctx.fill('evenodd');
        }),
      shadow: () =>
        shading(posterOuter, (ctx) => {
          const g = ctx.createLinearGradient(290, 140, 710, 700);
          g.addColorStop(0, 'rgba(0,0,0,0)');
          g.addColorStop(1, 'rgba(0,0,0,0.1)');
          ctx.fillStyle = g;
          ctx.fillRect(290, 140, 420, 560);
          ctx.strokeStyle = 'rgba(0,0,0,0.35)';
          ctx.lineWidth = 3;
          ctx.strokeRect(318, 168, 364, 504);
          ctx.strokeStyle = 'rgba(0,0,0,0.2)';
          ctx.strokeRect(292, 142, 416, 556);
          softStroke(
            ctx,
            [
              [320, 170],
              [680, 170],
            ],
            8,
            0.25,
            4,
          );
        }),
      overlay: () =>
        layer((ctx) => {
          ctx.save();
          ctx.beginPath();
          ctx.rect(318, 168, 364, 504);
          ctx.clip();
          const g = ctx.createLinearGradient(318, 168, 682, 672);
          g.addColorStop(0.25, 'rgba(255,255,255,0)');
          g.addColorStop(0.35, 'rgba(255,255,255,0.14)');
          g.addColorStop(0.45, 'rgba(255,255,255,0)');
          ctx.fillStyle = g;
          ctx.fillRect(318, 168, 364, 504);
          ctx.restore();
          ctx.strokeStyle = 'rgba(255,255,255,0.25)';
          ctx.lineWidth = 2;
          ctx.strokeRect(291, 141, 418, 558);
        }),
    },
  },
  {
    id: 'mug',
    templateId: 105,
    name: 'Ceramic Mug 11oz',
    printSpace: mugSpace,
    area: areaFor(mugSpace, 490, 390, 270),
    cropRadius: 6,
    colors: [
      { name: 'White', hex_code: '#FFFFFF' },
      { name: 'Black', hex_code: '#151515' },
      { name: 'Sky Blue', hex_code: '#7FB3E6' },
      { name: 'Pink', hex_code: '#F2A7C3' },
    ],
    layers: {
      background: () =>
        layer((ctx) => {
          studio(ctx, '#f3f3f1', '#d8d8d4');
          ctx.save();
          ctx.filter = 'blur(20px)';
          ctx.fillStyle = 'rgba(0,0,0,0.4)';
          ctx.beginPath();
          ctx.ellipse(530, 752, 260, 40, 0, 0, Math.PI * 2);
          ctx.fill();
          ctx.restore();
          ctx.fillStyle = '#9a9a9a';
          mug(ctx);
          ctx.fill();
        }),
      color: () => mask(mug),
      shadow: () =>
        shading(mug, (ctx) => {
          const g = ctx.createLinearGradient(320, 0, 660, 0);
          g.addColorStop(0, 'rgba(0,0,0,0.34)');
          g.addColorStop(0.15, 'rgba(0,0,0,0.08)');
          g.addColorStop(0.3, 'rgba(0,0,0,0)');
          g.addColorStop(0.75, 'rgba(0,0,0,0.03)');
          g.addColorStop(1, 'rgba(0,0,0,0.36)');
          ctx.fillStyle = g;
          ctx.fillRect(320, 260, 340, 500);
          ctx.fillStyle = 'rgba(0,0,0,0.18)';
          ctx.beginPath();
          mugHandle(ctx);
          ctx.fill();
          // The mug's mouth: dark inside, lit rim.
          ctx.fillStyle = 'rgba(0,0,0,0.5)';
          ctx.beginPath();
          ctx.ellipse(490, 300, 160, 28, 0, 0, Math.PI * 2);
          ctx.fill();
          ctx.strokeStyle = 'rgba(0,0,0,0.25)';
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.ellipse(490, 300, 168, 33, 0, 0, Math.PI * 2);
          ctx.stroke();
        }),
      overlay: () =>
        layer((ctx) => {
          ctx.save();
          mugBody(ctx);
          ctx.clip();
          softStroke(
            ctx,
            [
              [400, 345],
              [400, 700],
            ],
            22,
            0.45,
            9,
            true,
          );
          softStroke(
            ctx,
            [
              [622, 350],
              [622, 690],
            ],
            8,
            0.18,
            5,
            true,
          );
          ctx.restore();
          ctx.strokeStyle = 'rgba(255,255,255,0.6)';
          ctx.lineWidth = 2;
          ctx.beginPath();
          ctx.ellipse(490, 300, 169, 34, 0, Math.PI * 0.05, Math.PI * 0.95);
          ctx.stroke();
        }),
    },
  },
  {
    id: 'tshirt-aop',
    templateId: 107,
    name: 'All-Over Print T-shirt',
    printType: 3,
    printSpace: tshirtAopSpace,
    area: tshirtBounds,
    cropShape: tshirt,
    // Sublimation dyes white polyester: the pattern is the shirt's only colour.
    colors: [{ name: 'White', hex_code: '#FFFFFF' }],
    layers: tshirtFrontLayers,
    back: {
      printSpace: { ...tshirtAopSpace, name: 'back' },
      area: tshirtBounds,
      cropShape: tshirtBack,
      layers: tshirtBackLayers,
    },
  },
];

const templates3d = [
  {
    id: 'mug-3d',
    templateId: 201,
    name: 'Ceramic Mug 11oz (3D)',
    kind: '3d' as const,
    width: SIZE,
    height: SIZE,
    model: 'mug-3d/model.glb',
    printSpaces: [{ name: 'wrap', width: 2700, height: 1100 }],
    colors: [
      { name: 'White', hex_code: '#FFFFFF' },
      { name: 'Black', hex_code: '#151515' },
      { name: 'Sky Blue', hex_code: '#7FB3E6' },
    ],
  },
  {
    id: 'bottle-3d',
    templateId: 202,
    name: 'Steel Water Bottle (3D)',
    kind: '3d' as const,
    width: SIZE,
    height: SIZE,
    model: 'bottle-3d/model.glb',
    printSpaces: [{ name: 'wrap', width: 2400, height: 1500 }],
    colors: [
      { name: 'White', hex_code: '#FFFFFF' },
      { name: 'Black', hex_code: '#151515' },
      { name: 'Teal', hex_code: '#1E8C8C' },
    ],
  },
];

const drawn = [
  ...templates.map((t) => {
    const dir = join(root, t.id);
    mkdirSync(dir, { recursive: true });
    const layers: Record<string, string> = {};
    for (const [name, draw] of Object.entries(t.layers)) {
      writeFileSync(join(dir, `${name}.png`), draw());
      layers[name] = `${t.id}/${name}.png`;
    }
    writeFileSync(
      join(dir, 'crop.png'),
      t.cropShape ? shapeMask(t.area, t.cropShape) : rectMask(t.area, t.cropRadius ?? 0),
    );
    layers.crop = `${t.id}/crop.png`;
    const mockups = [{ printSpace: t.printSpace.name, printArea: t.area, layers }];
    if (t.back) {
      const backLayers: Record<string, string> = {};
      for (const [name, draw] of Object.entries(t.back.layers)) {
        writeFileSync(join(dir, `back-${name}.png`), draw());
        backLayers[name] = `${t.id}/back-${name}.png`;
      }
      writeFileSync(
        join(dir, 'back-crop.png'),
        t.back.cropShape
          ? shapeMask(t.back.area, t.back.cropShape)
          : rectMask(t.back.area, t.cropRadius ?? 0),
      );
      backLayers.crop = `${t.id}/back-crop.png`;
      mockups.push({
        printSpace: t.back.printSpace.name,
        printArea: t.back.area,
        layers: backLayers,
      });
    }
    return {
      id: t.id,
      templateId: t.templateId,
      name: t.name,
      kind: '2d' as const,
      ...(t.printType !== undefined ? { printType: t.printType } : {}),
      width: SIZE,
      height: SIZE,
      printSpaces: t.back ? [t.printSpace, t.back.printSpace] : [t.printSpace],
      colors: t.colors,
      mockups,
    };
  }),
  ...templates3d.map((t) => ({ ...t, mockups: [] })),
];

/**
 * Products sold in a second size that are drawn with another template's assets: a 15 oz mug
 * shows and prints the same wrap as the 11 oz one (its body is taller, not wider).
 */
const siblings = [
  { of: 'mug', id: 'mug-15', templateId: 106, name: 'Ceramic Mug 15oz' },
  { of: 'mug-3d', id: 'mug-15-3d', templateId: 203, name: 'Ceramic Mug 15oz (3D)' },
];

const manifest = {
  templates: [
    ...drawn,
    ...siblings.map(({ of, ...sibling }) => {
      const source = drawn.find((t) => t.id === of);
      if (!source) throw new Error(`No template ${of} to draw ${sibling.id} with`);
      return { ...source, ...sibling };
    }),
  ],
};
writeFileSync(join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${manifest.templates.length} templates to ${root}`);
