/**
 * The 3D bake, run in a WebGL 2 page with the same scene as the live render (camera, lights,
 * framing and materials from `scene3d.ts`; the GLB is the source of truth): four passes read
 * back at the output size, turned into maps by `finishBake` (`baked3d.ts`).
 *  1. u, v and which mesh is at each pixel's centre (float target, no multisampling);
 *  2. coverage per mesh kind, resolved from 4 samples like the canvas's antialiasing;
 *  3. and 4. linear colour with the print and body albedo black, then white (tone mapping off).
 */
import * as THREE from 'three';
import { type Baked3dMaps, finishBake } from '../baked3d.js';
import { createSceneRig, frameModel, parseModel } from './scene3d.js';

type Kind = 1 | 2 | 3;

function kindOf(mesh: THREE.Mesh): Kind {
  if (mesh.name.startsWith('print')) return 1;
  if (mesh.name.startsWith('body')) return 2;
  return 3;
}

const UV_VERTEX = `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}`;

export async function bakeModel(glb: ArrayBuffer, size: number): Promise<Baked3dMaps> {
  const page = globalThis as unknown as {
    document: { createElement(tag: 'canvas'): { width: number; height: number } };
  };
  const canvas = page.document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const renderer = new THREE.WebGLRenderer({ canvas: canvas as never, antialias: false });
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  const { scene, camera } = createSceneRig();
  const model = await parseModel(glb);
  scene.add(model);
  frameModel(camera, model);
  camera.aspect = 1;
  camera.updateProjectionMatrix();

  const meshes: { mesh: THREE.Mesh; kind: Kind; material: THREE.Material | THREE.Material[] }[] =
    [];
  model.traverse((o) => {
    if (o instanceof THREE.Mesh) meshes.push({ mesh: o, kind: kindOf(o), material: o.material });
  });
  const sideOf = (m: THREE.Material | THREE.Material[]) => (Array.isArray(m) ? m[0]! : m).side;

  const floatTarget = () =>
    new THREE.WebGLRenderTarget(size, size, {
      type: THREE.FloatType,
      format: THREE.RGBAFormat,
      minFilter: THREE.NearestFilter,
      magFilter: THREE.NearestFilter,
    });
  const readFloat = (target: THREE.WebGLRenderTarget) => {
    const out = new Float32Array(size * size * 4);
    renderer.readRenderTargetPixels(target, 0, 0, size, size, out);
    return out;
  };

  // 1. u, v and mesh kind at each pixel's centre.
  scene.background = null;
  renderer.setClearColor(0x000000, 0);
  for (const { mesh, kind, material } of meshes) {
    mesh.material = new THREE.ShaderMaterial({
      vertexShader: UV_VERTEX,
      fragmentShader: `varying vec2 vUv; void main() { gl_FragColor = vec4(vUv, ${kind}.0, 1.0); }`,
      side: sideOf(material),
    });
  }
  const idTarget = floatTarget();
  renderer.setRenderTarget(idTarget);
  renderer.render(scene, camera);
  const idUv = readFloat(idTarget);

  // 2. Coverage, 4 samples per pixel.
  for (const { mesh, kind, material } of meshes) {
    const colour = kind === 1 ? 0xff0000 : kind === 2 ? 0x00ff00 : 0x0000ff;
    mesh.material = new THREE.MeshBasicMaterial({ color: colour, side: sideOf(material) });
  }
  const coverageTarget = new THREE.WebGLRenderTarget(size, size, { samples: 4 });
  renderer.setRenderTarget(coverageTarget);
  renderer.render(scene, camera);
  const coverage = new Uint8Array(size * size * 4);
  renderer.readRenderTargetPixels(coverageTarget, 0, 0, size, size, coverage);

  // 3, 4. Lit colour, albedo black then white; other meshes keep their own material.
  const lit = (albedo: number) => {
    for (const { mesh, kind, material } of meshes) {
      mesh.material = material;
      if (kind === 3 || !(material instanceof THREE.MeshStandardMaterial)) continue;
      const copy = material.clone();
      copy.map = null;
      copy.color = new THREE.Color(albedo);
      mesh.material = copy;
    }
    const target = floatTarget();
    renderer.setRenderTarget(target);
    renderer.render(scene, camera);
    const pixels = readFloat(target);
    target.dispose();
    return pixels;
  };
  const black = lit(0x000000);
  const white = lit(0xffffff);
  for (const { mesh, material } of meshes) mesh.material = material;
  renderer.setRenderTarget(null);
  idTarget.dispose();
  coverageTarget.dispose();
  renderer.dispose();
  return finishBake({ size, idUv, coverage, black, white });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

let last: Baked3dMaps | null = null;

/** Page glue: bake from a base64 GLB, then read the maps as base64 (little-endian 16-bit). */
export const PrintloomBake3d = {
  async bake(glbBase64: string, size: number): Promise<{ size: number; lightScale: number }> {
    const binary = atob(glbBase64);
    const glb = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) glb[i] = binary.charCodeAt(i);
    last = await bakeModel(glb.buffer, size);
    return { size: last.size, lightScale: last.lightScale };
  },
  read(map: 'surface' | 'light'): string {
    if (!last) throw new Error('Bake a model first');
    const data = last[map];
    return base64Of(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  },
};
