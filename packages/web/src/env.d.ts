interface ImportMetaEnv {
  readonly VITE_SELLER_CENTER_URL?: string;
  readonly PROD: boolean;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
