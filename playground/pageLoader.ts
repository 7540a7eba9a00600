/**
 * The page's module loader: what lets the playground load a part when it is first asked for
 * (another grammar's data, the step-through, the analysis panel) and still open from disk.
 *
 * Why not ES modules: esbuild splits code only into ES modules, and Chromium refuses
 * `<script type="module">` (and `import()`) on a page opened from `file://`, which is how a
 * teacher may open the page. So scripts/build-playground.js splits with esbuild, then turns each
 * module it wrote into a classic script that registers itself here (`define`); the first view's
 * scripts are `<script defer>` tags of index.html, and a later part is a `<script>` tag added
 * when `load` is first called for it, which works from disk as from any static host.
 *
 * This file is bundled on its own (an IIFE) and put at the start of playground.js, the first view.
 */

/** A module as the build wrote it: CommonJS-shaped (`require`, `module`, `exports`), plus `load` for `import()`. */
type Factory = (require: (file: string) => unknown, module: { exports: unknown }, exports: unknown, load: (file: string) => Promise<unknown>) => void;

export interface PageLoader {
  /** Registers the module of `file` (run on first `require`). */
  define(file: string, factory: Factory): void;
  /** The exports of the module of `file`, run now if it has not run. */
  require(file: string): unknown;
  /** For each part loaded when asked for: the files it needs (shared chunks first, itself last). */
  parts(files: Readonly<Record<string, readonly string[]>>): void;
  /** Loads the files of part `file` (adding script tags), then its exports; rejects naming the file that failed. */
  load(file: string): Promise<unknown>;
}

declare global {
  // eslint-disable-next-line no-var
  var uriGrammarPage: PageLoader | undefined;
}

globalThis.uriGrammarPage ??= ((): PageLoader => {
  const factories = new Map<string, Factory>();
  const done = new Map<string, { exports: unknown }>();
  const fetching = new Map<string, Promise<void>>();
  let partFiles: Readonly<Record<string, readonly string[]>> = {};
  const name = (file: string) => file.replace(/^\.\//, '');

  /** One classic script, added once; a failure (404, offline) rejects and may be retried. */
  const script = (file: string): Promise<void> => {
    if (factories.has(file)) return Promise.resolve();
    let p = fetching.get(file);
    if (!p) {
      p = new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = file;
        s.onload = () => (factories.has(file) ? resolve() : reject(new Error(`${file} loaded but defined nothing`)));
        s.onerror = () => {
          s.remove();
          fetching.delete(file);
          reject(new Error(`could not load ${file}`));
        };
        document.head.append(s);
      });
      fetching.set(file, p);
    }
    return p;
  };

  const page: PageLoader = {
    define(file, factory) {
      factories.set(name(file), factory);
    },
    require(file) {
      const f = name(file);
      const had = done.get(f);
      if (had) return had.exports;
      const factory = factories.get(f);
      if (!factory) throw new Error(`the page has not loaded ${f}`);
      const module = { exports: {} as unknown };
      done.set(f, module);
      factory(page.require, module, module.exports, page.load);
      return module.exports;
    },
    parts(files) {
      partFiles = files;
    },
    async load(file) {
      const f = name(file);
      await Promise.all((partFiles[f] ?? [f]).map(script));
      return page.require(f);
    },
  };
  return page;
})();
