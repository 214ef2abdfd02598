/** The pages to offer around `page`: the first, the last, two either side, and gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let item = page - 2; item <= page + 2; item += 1) if (item >= 1 && item <= pages) shown.add(item);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const item of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && item - previous > 1) result.push(null);
    result.push(item);
  }
  return result;
}
