interface ImportMetaEnv {
  readonly VITE_SELLER_CENTER_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
