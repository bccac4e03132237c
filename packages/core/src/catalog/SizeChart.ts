import { z } from 'zod';

export const SIZE_CHART_UNITS = ['in', 'cm'] as const;
export const SizeChartUnit = z.enum(SIZE_CHART_UNITS);
export type SizeChartUnit = z.infer<typeof SizeChartUnit>;

/**
 * A product's size chart: one row per size, one value per measurement column (e.g. chest
 * width, body length), all in one unit.
 */
export const SizeChart = z
  .object({
    unit: SizeChartUnit,
    columns: z.array(z.string().trim().min(1)).min(1, 'A size chart needs a measurement'),
    rows: z
      .array(
        z.object({
          size: z.string().trim().min(1),
          values: z.array(z.number().nonnegative()),
        }),
      )
      .min(1, 'A size chart needs a size'),
  })
  .superRefine((chart, ctx) => {
    chart.rows.forEach((row, index) => {
      if (row.values.length !== chart.columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index, 'values'],
          message: `Size ${row.size} has ${row.values.length} values for ${chart.columns.length} columns`,
        });
      }
    });
  });
export type SizeChart = z.infer<typeof SizeChart>;

const CM_PER_INCH = 2.54;

/** The chart in the other unit, values rounded to one decimal. */
export function convertSizeChart(chart: SizeChart, unit: SizeChartUnit): SizeChart {
  if (chart.unit === unit) return chart;
  const factor = unit === 'cm' ? CM_PER_INCH : 1 / CM_PER_INCH;
  return {
    ...chart,
    unit,
    rows: chart.rows.map((row) => ({
      size: row.size,
      values: row.values.map((v) => Math.round(v * factor * 10) / 10),
    })),
  };
}
