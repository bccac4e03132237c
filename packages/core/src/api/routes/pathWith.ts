/** Fills `:name` parameters of a path, encoding each value. */
export function pathWith(path: string, params: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
