/**
 * Builds the GLB model of each bundled 3D template with three.js and writes it next to the
 * template's manifest entry: `node scripts/generate-models.ts`. Meshes are named for the scene:
 * `print` carries the design (UV u runs around the product, v up it; the seam sits at the back),
 * `body` takes the product colour, any other mesh keeps its own material.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';

// GLTFExporter reads its binary output back through FileReader, which Node lacks.
class NodeFileReader {
  result: ArrayBuffer | string | null = null;
  onloadend: (() => void) | null = null;
  readAsArrayBuffer(blob: Blob) {
    void blob.arrayBuffer().then((buffer) => {
      this.result = buffer;
      this.onloadend?.();
    });
  }
  readAsDataURL(blob: Blob) {
    void blob.arrayBuffer().then((buffer) => {
      this.result = `data:${blob.type};base64,${Buffer.from(buffer).toString('base64')}`;
      this.onloadend?.();
    });
  }
}
Object.assign(globalThis, { FileReader: NodeFileReader });

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'templates');
const SEGMENTS = 96;

function material(color: number, roughness = 0.35, metalness = 0) {
  return new THREE.MeshStandardMaterial({ color, roughness, metalness });
}

function lathe(
  name: string,
  profile: [number, number][],
  mat: THREE.Material,
  side: THREE.Side = THREE.FrontSide,
  arc = Math.PI * 2,
) {
  const points = profile.map(([r, y]) => new THREE.Vector2(r, y));
  // The arc is centred on +z, the side facing the camera; a full turn puts its seam at the back.
  const geometry = new THREE.LatheGeometry(points, SEGMENTS, Math.PI * 2 - arc / 2, arc);
  mat.side = side;
  const mesh = new THREE.Mesh(geometry, mat);
  mesh.name = name;
  return mesh;
}

/**
 * The wall the design wraps: UV v from 0 at the bottom edge to 1 at the top, u across an arc
 * as wide as the print space's proportions ask, so the design is not stretched (a mug's print
 * stops short of the handle, as on the real product).
 */
function printWall(radius: number, bottom: number, top: number, aspect: number) {
  const arc = Math.min(Math.PI * 2, ((top - bottom) * aspect) / radius);
  const profile: [number, number][] = [
    [radius, bottom],
    [radius, top],
  ];
  return lathe('print', profile, material(0xffffff, 0.3), THREE.FrontSide, arc);
}

const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
  templates: { id: string; printSpaces: { width: number; height: number }[] }[];
};
function aspectOf(id: string): number {
  const space = manifest.templates.find((t) => t.id === id)?.printSpaces[0];
  if (!space) throw new Error(`Run generate-templates.ts first: ${id} is not in the manifest`);
  return space.width / space.height;
}

function mug(): THREE.Group {
  const group = new THREE.Group();
  group.add(printWall(0.502, 0.06, 0.9, aspectOf('mug-3d')));
  group.add(
    lathe(
      'body',
      [
        [0, 0],
        [0.48, 0],
        [0.5, 0.02],
        [0.5, 0.96],
        [0.49, 0.98],
        [0.46, 0.97],
        [0.46, 0.08],
        [0, 0.08],
      ],
      material(0xffffff, 0.25),
      THREE.DoubleSide,
    ),
  );
  const handle = new THREE.Mesh(
    new THREE.TorusGeometry(0.24, 0.055, 20, 48, Math.PI),
    material(0xffffff, 0.25),
  );
  handle.name = 'body';
  handle.rotation.z = -Math.PI / 2;
  handle.position.set(0.49, 0.5, 0);
  group.add(handle);
  return group;
}

function bottle(): THREE.Group {
  const group = new THREE.Group();
  group.add(printWall(0.352, 0.12, 1.15, aspectOf('bottle-3d')));
  group.add(
    lathe(
      'body',
      [
        [0, 0],
        [0.33, 0],
        [0.35, 0.03],
        [0.35, 1.25],
        [0.32, 1.36],
        [0.22, 1.45],
        [0.16, 1.5],
        [0.16, 1.56],
        [0, 1.56],
      ],
      material(0xffffff, 0.3, 0.2),
    ),
  );
  const cap = lathe(
    'cap',
    [
      [0, 1.55],
      [0.18, 1.55],
      [0.18, 1.74],
      [0.16, 1.77],
      [0, 1.77],
    ],
    material(0x9ea3a8, 0.25, 0.8),
  );
  group.add(cap);
  return group;
}

async function exportGlb(object: THREE.Object3D): Promise<Buffer> {
  const exporter = new GLTFExporter();
  const result = await exporter.parseAsync(object, { binary: true });
  if (!(result instanceof ArrayBuffer)) throw new Error('GLTFExporter did not return binary glTF');
  return Buffer.from(result);
}

for (const [id, build] of [
  ['mug-3d', mug],
  ['bottle-3d', bottle],
] as const) {
  mkdirSync(join(root, id), { recursive: true });
  const glb = await exportGlb(build());
  writeFileSync(join(root, id, 'model.glb'), glb);
  console.log(`${id}/model.glb ${glb.length} bytes`);
}
