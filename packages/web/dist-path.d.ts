/** Absolute path of the built dashboard directory (`packages/web/dist/`), with a trailing separator. */
export declare const webDist: string;
