/**
 * The 3D mockup scene, written once for every WebGL 2 page: the seller's browser and the pooled
 * headless Chromium the server renders in. It loads a template's GLB, wraps the design around
 * the mesh named `print`, paints `body` meshes the product colour and frames the camera on the
 * model. Browser-safe: three.js only, no Node modules.
 */
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** Product colours darker than this HSL lightness are lifted to it (spec §5), as in 2D. */
const MIN_LIGHTNESS = 0.2;

type SceneCanvas = NonNullable<ConstructorParameters<typeof THREE.WebGLRenderer>[0]>['canvas'];
type TextureSource = ConstructorParameters<typeof THREE.CanvasTexture>[0];

export interface Scene3dRenderOptions {
  /** Output size in pixels (square). */
  size: number;
  /** Product colour, '#rrggbb'. */
  color: string;
  background?: string;
}

export interface Scene3d {
  loadModel(glb: ArrayBuffer): Promise<void>;
  /** Renders the model with `design` (an image or canvas, opaque) wrapped on its print mesh. */
  render(design: TextureSource, options: Scene3dRenderOptions): void;
  dispose(): void;
}

export function liftColor(hex: string): THREE.Color {
  const color = new THREE.Color(hex);
  const hsl = { h: 0, s: 0, l: 0 };
  color.getHSL(hsl, THREE.SRGBColorSpace);
  if (hsl.l < MIN_LIGHTNESS) color.setHSL(hsl.h, hsl.s, MIN_LIGHTNESS, THREE.SRGBColorSpace);
  return color;
}

/** The scene every 3D mockup is drawn in: camera, lights, and the model framed by the camera. */
export interface SceneRig {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
}

/** The camera and lights of every 3D mockup (the live render and the bake share them). */
export function createSceneRig(): SceneRig {
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(28, 1, 0.05, 50);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x9a9a9a, 1.6));
  const key = new THREE.DirectionalLight(0xffffff, 1.9);
  key.position.set(2.5, 3, 4);
  scene.add(key);
  const rim = new THREE.DirectionalLight(0xffffff, 0.6);
  rim.position.set(-3, 1.5, -2);
  scene.add(rim);
  return { scene, camera };
}

/** Parses a GLB and checks it has the `print` mesh the design wraps. */
export async function parseModel(glb: ArrayBuffer): Promise<THREE.Object3D> {
  const gltf = await new GLTFLoader().parseAsync(glb, '');
  let hasPrint = false;
  gltf.scene.traverse((o) => {
    if (o instanceof THREE.Mesh && o.name.startsWith('print')) hasPrint = true;
  });
  if (!hasPrint) throw new Error('The model has no mesh named "print" to carry the design');
  return gltf.scene;
}

/** Points the camera at the model from above and to the right, the whole model in view. */
export function frameModel(camera: THREE.PerspectiveCamera, model: THREE.Object3D): void {
  const box = new THREE.Box3().setFromObject(model);
  const center = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3());
  const radius = Math.max(size.x, size.y, size.z) * 0.62;
  const distance = radius / Math.tan(THREE.MathUtils.degToRad(camera.fov / 2));
  camera.position.set(center.x + distance * 0.18, center.y + distance * 0.22, center.z + distance);
  camera.lookAt(center);
}

export function createScene3d(canvas: SceneCanvas): Scene3d {
  const renderer = new THREE.WebGLRenderer({
    canvas,
    antialias: true,
    preserveDrawingBuffer: true,
  });
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  const { scene, camera } = createSceneRig();
  let model: THREE.Object3D | null = null;
  let texture: THREE.Texture | null = null;

  return {
    async loadModel(glb) {
      const parsed = await parseModel(glb);
      if (model) scene.remove(model);
      model = parsed;
      scene.add(model);
      frameModel(camera, model);
    },
    render(design, options) {
      if (!model) throw new Error('Load a model before rendering');
      renderer.setSize(options.size, options.size, false);
      camera.aspect = 1;
      camera.updateProjectionMatrix();
      scene.background = new THREE.Color(options.background ?? '#ececea');
      const color = liftColor(options.color);
      texture?.dispose();
      texture = new THREE.CanvasTexture(design);
      texture.colorSpace = THREE.SRGBColorSpace;
      // The page sizes the texture to the output (createWrapTexture in wrapTexture.ts): no mipmaps needed.
      texture.generateMipmaps = false;
      texture.minFilter = THREE.LinearFilter;
      const map = texture;
      model.traverse((o) => {
        if (!(o instanceof THREE.Mesh) || !(o.material instanceof THREE.MeshStandardMaterial))
          return;
        if (o.name.startsWith('print')) {
          // The design arrives flattened over the product colour (createWrapTexture), so the
          // texture is shown as is rather than tinted by the colour.
          o.material.map = map;
          o.material.color = new THREE.Color(0xffffff);
          o.material.needsUpdate = true;
        } else if (o.name.startsWith('body')) {
          o.material.color = color;
        }
      });
      renderer.render(scene, camera);
    },
    dispose() {
      texture?.dispose();
      renderer.dispose();
    },
  };
}
