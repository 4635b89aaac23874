import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { AnalyticsDay } from '../../../../../../shared/api/analytics';
import { formatUsd } from '../../../../../../shared/domain/money';
import { shortDay } from '../../lib/analytics-display';

const HEIGHT = 240;
/** Tick steps of whole units: views and sales are counts, revenue whole cents. */
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((n) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((p) => n * p))
  .sort((a, b) => a - b);

/** A design token's value (the chart draws on a canvas, which CSS can't reach). */
const token = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * The daily trend of views, sales (left axis, counts) and revenue (right axis, dollars) drawn with uPlot; loaded only
 * with the Analytics tab (decision 056). Hidden from screen readers: the table beside it says the same.
 */
export default function TrendChart({ daily }: { daily: AnalyticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const days = daily.map((d) => Date.parse(`${d.day}T00:00:00.000Z`) / 1000);
    const data: uPlot.AlignedData = [
      days,
      daily.map((d) => d.views),
      daily.map((d) => d.sales),
      daily.map((d) => d.revenueCents),
    ];
    const muted = token('--color-text-muted', '#556275');
    const grid = { stroke: token('--color-border', '#d9e0ea'), width: 1 };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, count: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            stroke: muted,
            grid,
            values: (_u, ticks) => ticks.map((t) => shortDay(new Date(t * 1000).toISOString().slice(0, 10))),
          },
          { scale: 'count', stroke: muted, grid, incrs: WHOLE_STEPS, values: (_u, ticks) => ticks.map(String) },
          {
            scale: 'cents',
            side: 1,
            stroke: muted,
            grid: { show: false },
            incrs: WHOLE_STEPS,
            // Labels only: the amounts themselves stay integer cents.
            values: (_u, ticks) => ticks.map((t) => formatUsd(Math.round(t))),
            size: 64,
          },
        ],
        series: [
          {},
          { label: 'Views', scale: 'count', stroke: token('--color-primary', '#0f4c81'), width: 2 },
          { label: 'Sales', scale: 'count', stroke: token('--color-accent', '#1aa37a'), width: 2 },
          {
            label: 'Revenue',
            scale: 'cents',
            stroke: token('--color-warning', '#a15c00'),
            width: 2,
            dash: [6, 4],
            value: (_u, v) => (v === null ? '' : formatUsd(Math.round(v))),
          },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily]);
  return <div ref={box} className="analytics-chart" aria-hidden="true" />;
}
