// Go's sort.SliceStable (insertion sort on blocks of 20, then SymMerge), reproduced step for step:
// upstream orders merged lists with a comparator that answers `true` for items it cannot place,
// which no other stable sort would treat the same way.

type Less<T> = (a: T, b: T) => boolean;

function swap<T>(items: T[], i: number, j: number): void {
  const tmp = items[i] as T;
  items[i] = items[j] as T;
  items[j] = tmp;
}

function insertionSort<T>(items: T[], less: Less<T>, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && less(items[j] as T, items[j - 1] as T); j--) swap(items, j, j - 1);
  }
}

function swapRange<T>(items: T[], a: number, b: number, n: number): void {
  for (let i = 0; i < n; i++) swap(items, a + i, b + i);
}

function rotate<T>(items: T[], a: number, m: number, b: number): void {
  let i = m - a;
  let j = b - m;
  while (i !== j) {
    if (i > j) {
      swapRange(items, m - i, m, j);
      i -= j;
    } else {
      swapRange(items, m - i, m + j - i, i);
      j -= i;
    }
  }
  swapRange(items, m - i, m, i);
}

/** Binary-searched insertion of one element on either side (SymMerge's base cases). */
function mergeSingle<T>(items: T[], less: Less<T>, a: number, m: number, b: number): boolean {
  if (m - a === 1) {
    let i = m;
    let j = b;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (less(items[h] as T, items[a] as T)) i = h + 1;
      else j = h;
    }
    for (let k = a; k < i - 1; k++) swap(items, k, k + 1);
    return true;
  }
  if (b - m === 1) {
    let i = a;
    let j = m;
    while (i < j) {
      const h = (i + j) >>> 1;
      if (!less(items[m] as T, items[h] as T)) i = h + 1;
      else j = h;
    }
    for (let k = m; k > i; k--) swap(items, k, k - 1);
    return true;
  }
  return false;
}

function symMerge<T>(items: T[], less: Less<T>, a: number, m: number, b: number): void {
  if (mergeSingle(items, less, a, m, b)) return;
  const mid = (a + b) >>> 1;
  const n = mid + m;
  let start = m > mid ? n - b : a;
  let r = m > mid ? mid : m;
  const p = n - 1;
  while (start < r) {
    const c = (start + r) >>> 1;
    if (!less(items[p - c] as T, items[c] as T)) start = c + 1;
    else r = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(items, start, m, end);
  if (a < start && start < mid) symMerge(items, less, a, start, mid);
  if (mid < end && end < b) symMerge(items, less, mid, end, b);
}

/** Sorts `items` in place exactly as Go's `sort.SliceStable(items, less)` would. */
export function goSliceStable<T>(items: T[], less: Less<T>): void {
  const n = items.length;
  let blockSize = 20;
  let a = 0;
  let b = blockSize;
  for (; b <= n; a = b, b += blockSize) insertionSort(items, less, a, b);
  insertionSort(items, less, a, n);
  for (; blockSize < n; blockSize *= 2) {
    for (a = 0, b = 2 * blockSize; b <= n; a = b, b += 2 * blockSize) symMerge(items, less, a, a + blockSize, b);
    const m = a + blockSize;
    if (m < n) symMerge(items, less, a, m, n);
  }
}
