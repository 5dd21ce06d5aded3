import { describe, expect, it } from "vitest";
import { humanizeByteValue } from "./humanize-bytes";

describe("byte-sized context values", () => {
  it("reads the device, app and runtime byte counts the SDKs send in binary units", () => {
    expect(humanizeByteValue("memory_size", "25276063744")).toBe("23.5 GiB");
    expect(humanizeByteValue("free_memory", "17179869184")).toBe("16 GiB");
    expect(humanizeByteValue("usable_memory", "1572864")).toBe("1.5 MiB");
    expect(humanizeByteValue("storage_size", "512")).toBe("512 B");
    expect(humanizeByteValue("free_storage", "1536")).toBe("1.5 KiB");
    expect(humanizeByteValue("external_storage_size", "64000000000")).toBe("59.6 GiB");
    expect(humanizeByteValue("external_free_storage", "0")).toBe("0 B");
    expect(humanizeByteValue("app_memory", "104857600")).toBe("100 MiB");
    expect(humanizeByteValue("heap_size", "4294967296")).toBe("4 GiB");
    expect(humanizeByteValue("usedJSHeapSize", "52428800")).toBe("50 MiB");
    expect(humanizeByteValue("body_size", "2048")).toBe("2 KiB");
  });

  it("leaves other keys and values that are not whole byte counts alone", () => {
    expect(humanizeByteValue("low_memory", "false")).toBeNull();
    expect(humanizeByteValue("memory_size", "-1")).toBeNull();
    expect(humanizeByteValue("memory_size", "1.5")).toBeNull();
    expect(humanizeByteValue("memory_size", "99999999999999999999")).toBeNull();
    expect(humanizeByteValue("processor_count", "8")).toBeNull();
    expect(humanizeByteValue("processor_frequency", "2400")).toBeNull();
    expect(humanizeByteValue("boot_time", "1795363589")).toBeNull();
    expect(humanizeByteValue("screen_resolution", "1920x1080")).toBeNull();
    expect(humanizeByteValue("memorable_id", "12")).toBeNull();
  });
});
