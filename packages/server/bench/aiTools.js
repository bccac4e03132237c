// Benchmark of the AI design tools (src/aiDesign): time and peak memory of
//   1. upscaling the 600×600 sample artwork ×4 by the ESRGAN slim model (TensorFlow.js on
//      WebAssembly), finished to 3600 px for a 12-inch print width, and its quality label;
//   2. background removal of the 600×600 sample product photo (IMG.LY model on onnxruntime-node),
//      with the alpha measured over the background and the subject.
// Each tool runs in its own child process, so its peak resident memory (maxRSS) is its own; the
// first run includes loading the model, the second is warm. Runs the built server (dist):
// `npm run bench:ai -w @printloom/server` builds it first.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tool = process.argv[2];

async function run(name) {
  const { printWidthQuality } = await import('@printloom/core');
  const images = await import('../dist/aiDesign/sampleImages.js');
  const times = [];
  const cpu = [];
  let figures = {};
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    if (name === 'upscale') {
      const { upscaleImage } = await import('../dist/aiDesign/upscale.js');
      const result = await upscaleImage(await images.sampleArtwork(), { targetWidth: 3600 });
      const quality = printWidthQuality(result.width, 12);
      figures = {
        input: '600×600',
        model_output: `${result.modelWidth} px wide (${printWidthQuality(result.modelWidth, 12).dpi} DPI at 12 in, '${printWidthQuality(result.modelWidth, 12).label}')`,
        output: `${result.width}×${result.height}`,
        quality_at_12in: `${quality.dpi} DPI, '${quality.label}'`,
      };
    } else {
      const { removeImageBackground } = await import('../dist/aiDesign/removeBackground.js');
      const result = await removeImageBackground(await images.sampleProductPhoto());
      const alpha = await images.cutoutAlpha(result.png);
      figures = {
        input: '600×600',
        background_alpha_0: `${(alpha.backgroundTransparent * 100).toFixed(2)} %`,
        background_mean_alpha: alpha.backgroundMeanAlpha.toFixed(2),
        subject_opaque: `${(alpha.subjectOpaque * 100).toFixed(2)} % (alpha ≥ ${images.OPAQUE_ALPHA})`,
        subject_min_alpha: alpha.subjectMinAlpha,
      };
    }
    times.push(Math.round(performance.now() - started));
    const used = process.cpuUsage(cpuStart);
    cpu.push(Math.round((used.user + used.system) / 1000));
  }
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    JSON.stringify({
      tool: name,
      first_ms: times[0],
      warm_ms: times[1],
      first_cpu_ms: cpu[0],
      warm_cpu_ms: cpu[1],
      peak_rss_mb: peakMb,
      ...figures,
    }),
  );
}

if (tool) {
  await run(tool);
} else {
  const self = fileURLToPath(import.meta.url);
  console.log('AI design tools (each in its own process; first run loads the model)');
  for (const name of ['upscale', 'remove_background']) {
    const out = execFileSync(process.execPath, [self, name], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1);
    const row = JSON.parse(out ?? '{}');
    console.log(
      `\n${row.tool}: first ${row.first_ms} ms (CPU ${row.first_cpu_ms} ms), warm ${row.warm_ms} ms (CPU ${row.warm_cpu_ms} ms), peak RSS ${row.peak_rss_mb} MB`,
    );
    for (const [key, value] of Object.entries(row)) {
      if (
        !['tool', 'first_ms', 'warm_ms', 'first_cpu_ms', 'warm_cpu_ms', 'peak_rss_mb'].includes(key)
      )
        console.log(`  ${key}: ${value}`);
    }
  }
}
