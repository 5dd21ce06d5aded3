// How much server rendering 150 tooltips (an issue list page: two times and a release per row, 50 rows) costs
// with react-dom/server, against the same text without them. Run: npx tsx bench/dashboard/tooltip-ssr-cost.tsx
import { renderToString } from "react-dom/server";
import { Tooltip } from "../../src/components/ui/tooltip";

const rows = Array.from({ length: 150 }, (_, index) => index);
const withTooltips = () => (
  <div>
    {rows.map((index) => (
      <Tooltip key={index} content={`2026-11-29 04:08:${index} UTC`}>
        <time tabIndex={0}>34 minutes ago</time>
      </Tooltip>
    ))}
  </div>
);
const plain = () => (
  <div>
    {rows.map((index) => (
      <time key={index} tabIndex={0} title={`2026-11-29 04:08:${index} UTC`}>
        34 minutes ago
      </time>
    ))}
  </div>
);
for (const [name, page] of [["150 tooltips", withTooltips], ["150 plain elements", plain]] as const) {
  for (let index = 0; index < 50; index++) renderToString(page());
  const times: number[] = [];
  for (let index = 0; index < 200; index++) {
    const started = performance.now();
    renderToString(page());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: median ${times[100]!.toFixed(2)} ms per page, ${renderToString(page()).length} bytes`);
}
