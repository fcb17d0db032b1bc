/**
 * The usage page's script, as the browser gets it: it reads the page's data
 * (a JSON <script> the server wrote) and draws each chart with uPlot into the
 * element named for it. The tables beside the charts carry the same numbers,
 * so the page says everything without it. Plain JavaScript in a string,
 * because it runs in the browser, not here.
 */
export const USAGE_CHARTS_SCRIPT = `(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('usage-data').textContent);
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const colours = { '2xx': dark ? '#3fb950' : '#1a7f37', '4xx': dark ? '#d29922' : '#9a6700',
    '429': dark ? '#ff7b72' : '#b42318', '5xx': dark ? '#bc8cff' : '#8250df' };
  const axis = { stroke: dark ? '#9198a1' : '#57606a', grid: { stroke: dark ? '#3d444d' : '#d0d7de' } };
  for (const chart of data.charts) {
    const target = document.getElementById(chart.target);
    if (!target || typeof uPlot !== 'function') continue;
    const x = chart.buckets.map((b) => Date.parse(b.start) / 1000);
    const series = [{}].concat(data.outcomes.map((o) => ({ label: o, stroke: colours[o], width: 2,
      fill: colours[o] + '22', points: { show: chart.buckets.length <= 31 } })));
    const values = [x].concat(data.outcomes.map((o) => chart.buckets.map((b) => b.outcomes[o])));
    const width = Math.max(280, Math.min(target.clientWidth || 720, 960));
    new uPlot({ width, height: 220, series, axes: [axis, axis], scales: { x: { time: true } } }, values, target);
  }
})();
`;
