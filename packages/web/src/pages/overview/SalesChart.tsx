import type { OverviewPoint } from '@printloom/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Seconds since the epoch of a bucket label, read as UTC so the axis shows the seller's time. */
function bucketSeconds(bucket: string): number {
  const [day = '', hour = '00:00'] = bucket.split(' ');
  return Date.parse(`${day}T${hour}:00Z`) / 1000;
}

/**
 * Sales (bars, left axis) and orders (line, right axis) per day or hour, drawn with uPlot on a
 * canvas sized to its container. Labels are in the seller's time: buckets are read as UTC and
 * the chart is told to format in UTC.
 */
export function SalesChart(props: {
  series: readonly OverviewPoint[];
  currency: string;
  granularity: 'day' | 'hour';
}) {
  const box = useRef<HTMLDivElement>(null);
  const { series, currency, granularity } = props;
  useEffect(() => {
    const element = box.current;
    // Without a 2D canvas (a locked-down browser) the table under the chart still has the figures.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    const data: uPlot.AlignedData = [
      series.map((p) => bucketSeconds(p.bucket)),
      series.map((p) => p.sales / 100),
      series.map((p) => p.orders),
    ];
    const styles = getComputedStyle(element);
    const primary = styles.getPropertyValue('--bs-primary').trim() || '#0d6efd';
    const secondary = styles.getPropertyValue('--bs-success').trim() || '#198754';
    const text = styles.getPropertyValue('--bs-body-color').trim() || '#212529';
    const grid = styles.getPropertyValue('--bs-border-color').trim() || '#dee2e6';
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { points: { size: 6 } },
        legend: { live: true },
        scales: { sales: { auto: true }, orders: { auto: true } },
        axes: [
          { ...axis, space: granularity === 'hour' ? 50 : 60 },
          {
            ...axis,
            scale: 'sales',
            values: (_u, ticks) => ticks.map((v) => money.format(v)),
            size: 70,
          },
          { ...axis, scale: 'orders', side: 1, grid: { show: false } },
        ],
        series: [
          {},
          {
            label: 'Sales',
            scale: 'sales',
            stroke: primary,
            fill: `${primary}33`,
            width: 2,
            value: (_u, v) => (v == null ? '—' : money.format(v)),
            paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
          },
          { label: 'Orders', scale: 'orders', stroke: secondary, width: 2 },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: 260 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, currency, granularity]);
  return <div ref={box} data-testid="sales-chart" />;
}
