import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { ensureRoboto } from './fonts.js';

/**
 * A demo design (sunset badge with a caption) on a transparent background, drawn in code. The
 * benchmark, the golden-image tests and the contact sheet all render it, so their figures and
 * pictures stay comparable.
 */
export function sampleArtwork(width = 1500, height = 1875): Canvas {
  ensureRoboto();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const s = width / 1500;
  ctx.scale(s, s);
  const cx = 750;
  const cy = 800;
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, 600, 0, Math.PI * 2);
  ctx.clip();
  const sky = ctx.createLinearGradient(0, 200, 0, 1400);
  sky.addColorStop(0, '#ff4e50');
  sky.addColorStop(0.55, '#fc913a');
  sky.addColorStop(1, '#f9d423');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, 1500, 1875);
  ctx.fillStyle = '#fff3b0';
  ctx.beginPath();
  ctx.arc(cx, 860, 260, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#2b2d42';
  ctx.beginPath();
  ctx.moveTo(100, 1400);
  ctx.lineTo(420, 860);
  ctx.lineTo(620, 1080);
  ctx.lineTo(900, 700);
  ctx.lineTo(1400, 1400);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#1b6f8a';
  for (let i = 0; i < 5; i++) ctx.fillRect(100, 1160 + i * 56, 1300, 26);
  ctx.restore();
  ctx.lineWidth = 34;
  ctx.strokeStyle = '#2b2d42';
  ctx.beginPath();
  ctx.arc(cx, cy, 600, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = '#2b2d42';
  ctx.font = '190px "Roboto"';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText('PRINTLOOM', cx, 1700);
  return canvas;
}
