const DECIMAL_UNITS = ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
const BINARY_UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];

/**
 * A byte count for people (calls.md §9.3): base 1000 (kB … YB) by default, or 1024 (KiB … YiB),
 * always with one decimal above the first unit. `locale` picks the decimal separator.
 */
export function formatSize(bytes: number, options: { base?: 1000 | 1024; locale?: string } = {}): string {
  const base = options.base ?? 1000;
  const format = (value: number, decimals: number) =>
    value.toLocaleString(options.locale ?? 'en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  if (!Number.isFinite(bytes)) return '';
  if (Math.abs(bytes) < base) return `${format(bytes, 0)} B`;
  const units = base === 1024 ? BINARY_UNITS : DECIMAL_UNITS;
  let value = bytes;
  let unit = -1;
  // Stop at the last unit even if the value is still above the base (beyond yottabytes).
  while (Math.abs(value) >= base && unit < units.length - 1) {
    value /= base;
    unit += 1;
  }
  // 999.96 kB would print as "1000.0 kB": carry it over to the next unit instead.
  if (Math.abs(Number(value.toFixed(1))) >= base && unit < units.length - 1) {
    value /= base;
    unit += 1;
  }
  return `${format(value, 1)} ${units[unit]}`;
}
