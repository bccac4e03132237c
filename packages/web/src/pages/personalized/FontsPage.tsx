import { errorMessage, FONT_EXTENSIONS, type SellerFont, userDate } from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMe } from '../../api/hooks/useAuth.js';
import { useDeleteFont, useSellerFonts, useUploadFont } from '../../api/hooks/usePersonalized.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { notifyError } from '../../toast/notify.js';
import { RelatedPages } from '../RelatedPages.js';
import { FontPreview } from './FontPreview.js';

const FORMAT_LABELS: Record<SellerFont['format'], string> = {
  ttf: 'TrueType',
  otf: 'OpenType',
  woff: 'WOFF',
  woff2: 'WOFF2',
};

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Fonts (spec §2 /personalized/fonts, issue 16): the seller's own fonts. Each upload is parsed
 * by the server (a file that is not a font is refused with its reason); the fonts appear in the
 * design editor's font list and are drawn from the same file by the browser and the renderer.
 */
export function FontsPage() {
  const user = useMe();
  const fonts = useSellerFonts();
  const remove = useDeleteFont();
  const [removing, setRemoving] = useState<SellerFont | null>(null);
  const list = fonts.data ?? [];

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setRemoving(null);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <>
      <h1 className="h3 mb-2">Fonts</h1>
      <RelatedPages pages={['personalized_home']} label="Start here" />
      <p className="text-body-secondary">
        Upload your own fonts to use them in the design editor and to offer them to buyers on
        personalised products. TTF, OTF, WOFF and WOFF2 files are accepted; the font's name is read
        from the file.
      </p>

      <UploadFontForm />

      <h2 className="h5 mt-4">Your fonts</h2>
      <ListLoadError error={fonts.error} onRetry={() => void fonts.refetch()} />
      {fonts.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading fonts…
        </p>
      ) : null}
      {fonts.data && list.length === 0 ? (
        <p className="text-center py-4 mb-0" data-testid="list-empty">
          No fonts yet. Upload a font file above to add it to the editor's font list.
        </p>
      ) : null}
      {list.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">Your fonts</caption>
            <thead>
              <tr>
                <th scope="col">Font</th>
                <th scope="col">Preview</th>
                <th scope="col">File</th>
                <th scope="col">Added</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((font) => (
                <tr key={font.id} data-testid="font-row">
                  <td>
                    <div className="fw-semibold">{font.full_name}</div>
                    <div className="small text-body-secondary">Family: {font.family}</div>
                  </td>
                  <td>
                    <FontPreview url={font.file_url} label={font.full_name} />
                  </td>
                  <td className="small">
                    {font.file_name}
                    <div className="text-body-secondary">
                      {FORMAT_LABELS[font.format]}, {kilobytes(font.size)}
                    </div>
                  </td>
                  <td className="small">{userDate(font.created_at, user?.utc_offset ?? 0)}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRemoving(font)}
                      aria-label={`Delete ${font.full_name}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <ConfirmDialog
        show={removing !== null}
        title="Delete this font?"
        confirmLabel="Delete font"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        <p className="mb-0">
          {removing?.full_name} leaves the editor's font list. Designs already made with it keep
          their look.
        </p>
      </ConfirmDialog>
    </>
  );
}

function UploadFontForm() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadFont();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    setAdded(null);
    try {
      const font = await upload.mutateAsync(file);
      setAdded(`${font.full_name} was added to your fonts.`);
      setFile(null);
      setInputKey((key) => key + 1);
    } catch {
      // Shown from the mutation's error below.
    }
  }

  return (
    <section className="card" aria-labelledby={`${inputId}-title`}>
      <div className="card-body">
        <h2 className="h5" id={`${inputId}-title`}>
          Upload a font
        </h2>
        <Form onSubmit={(event) => void submit(event)} className="d-flex flex-wrap gap-2">
          <Form.Group controlId={inputId}>
            <Form.Label className="visually-hidden">Font file</Form.Label>
            <Form.Control
              key={inputKey}
              type="file"
              accept={FONT_EXTENSIONS.join(',')}
              onChange={(event) => {
                upload.reset();
                setFile((event.target as HTMLInputElement).files?.[0] ?? null);
              }}
            />
          </Form.Group>
          <Button type="submit" disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload font'}
          </Button>
        </Form>
        {upload.isError ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorMessage(upload.error)}
          </div>
        ) : null}
        {added ? (
          <div className="alert alert-success mt-3 mb-0" role="status">
            {added}
          </div>
        ) : null}
      </div>
    </section>
  );
}
