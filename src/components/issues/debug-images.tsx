import type { DebugImageView } from "@/lib/event-payload";
import { Fold } from "./fold";

/** `debug_meta` images (source maps by debug id, native libraries): folded, then each image's file and ids. */
export function DebugImages({ images }: { images: DebugImageView[] }) {
  return (
    <Fold showLabel={images.length === 1 ? "Show 1 image" : `Show ${images.length} images`} hideLabel="Hide images">
      <ul aria-label="Debug images" className="space-y-2">
        {images.map((image, index) => {
          const facts: [string, string | null][] = [
            ["type", image.type],
            ["debug id", image.debugId],
            ["code id", image.codeId],
            ["arch", image.arch],
            ["address", image.imageAddr],
            ["size", image.imageSize === null ? null : `${image.imageSize.toLocaleString("en")} bytes`],
          ];
          return (
            <li key={index} className="rounded-md border border-border p-2 text-xs">
              <p className="font-mono font-semibold wrap-break-word">{image.codeFile ?? "(no code file)"}</p>
              <dl className="mt-1 grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-0.5">
                {facts.flatMap(([name, value]) =>
                  value === null
                    ? []
                    : [
                        <div key={name} className="contents">
                          <dt className="text-muted-foreground">{name}</dt>
                          <dd className="min-w-0 font-mono wrap-break-word">{value}</dd>
                        </div>,
                      ],
                )}
              </dl>
            </li>
          );
        })}
      </ul>
    </Fold>
  );
}
