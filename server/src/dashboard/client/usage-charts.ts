/*! Bundles uPlot (https://github.com/leeoniya/uPlot), MIT License, Copyright (c) 2025 Leon Sorokin. */
/**
 * The usage page's script: reads the chart data the server wrote into the
 * page (a JSON <script>) and draws each chart with uPlot into the element
 * named for it. The tables beside the charts carry the same numbers, so the
 * page says everything without it.
 */
import uPlot from 'uplot';
import { CHART_DATA_ID, isChartData, outcomeColour, seriesOf } from './chart-data.js';

function parse(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

const data = parse(document.getElementById(CHART_DATA_ID)?.textContent);
if (isChartData(data)) {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const axis = { stroke: dark ? '#9198a1' : '#57606a', grid: { stroke: dark ? '#3d444d' : '#d0d7de' } };
  for (const chart of data.charts) {
    const target = document.getElementById(chart.target);
    if (!target) continue;
    const series: uPlot.Series[] = [
      {},
      ...data.outcomes.map((o) => ({
        label: o,
        stroke: outcomeColour(o, dark),
        width: 2,
        fill: `${outcomeColour(o, dark)}22`,
        points: { show: chart.buckets.length <= 31 },
      })),
    ];
    const width = Math.max(280, Math.min(target.clientWidth || 720, 960));
    new uPlot(
      { width, height: 220, series, axes: [axis, axis], scales: { x: { time: true } } },
      seriesOf(data.outcomes, chart.buckets) as uPlot.AlignedData,
      target,
    );
  }
}
