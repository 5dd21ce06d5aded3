import { Fragment } from "react";
import { splitAtSeparators } from "@/lib/split-at-separators";

/**
 * An identifier (a release, a path, a DSN, a module or function name) that wraps after its separators
 * (`/ . @ _ - :`) and nowhere else: a `<wbr>` after each, so `checkout-api@1.0.0` never shows as
 * `checkout-api@|1.0.0` with a word cut. Put it in a box that allows no break between any two characters; `wrap-break-word`
 * there is the last resort for a single piece wider than the line. Copying the text gives the value unchanged.
 */
export function IdentifierText({ value }: { value: string }) {
  return splitAtSeparators(value).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));
}
