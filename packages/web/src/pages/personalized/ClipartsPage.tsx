import {
  CLIPART_EXTENSIONS,
  CLIPART_FILES_PER_UPLOAD,
  CLIPART_GROUP_NAME_MAX,
  type Clipart,
  type ClipartGroup,
  type ClipartUploadAnswer,
  errorMessage,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import {
  useClipartGroups,
  useCliparts,
  useCreateClipartGroup,
  useDeleteClipart,
  useDeleteClipartGroup,
  useRenameClipartGroup,
  useUploadCliparts,
} from '../../api/hooks/usePersonalized.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { notifyError } from '../../toast/notify.js';
import { RelatedPages } from '../RelatedPages.js';

/**
 * Cliparts (spec §2 /personalized/cliparts, issue 16): libraries of images in groups. A
 * personalised design can let the buyer choose one image of a group; images are uploaded in
 * bulk, each file checked on its own. The open group is in the address (`?group=`).
 */
export function ClipartsPage() {
  const groups = useClipartGroups();
  const [params, setParams] = useSearchParams();
  const list = groups.data ?? [];
  const wanted = Number(params.get('group'));
  const open = list.find((g) => g.id === wanted) ?? list[0] ?? null;
  const select = (id: number | null) =>
    setParams(id === null ? {} : { group: String(id) }, { replace: true });

  return (
    <>
      <h1 className="h3 mb-2">Cliparts</h1>
      <RelatedPages pages={['personalized_home']} label="Start here" />
      <p className="text-body-secondary">
        Keep images in groups (for example "Pets" or "Star signs"). A personalised product can let
        the buyer pick one image from a group.
      </p>
      <ListLoadError error={groups.error} onRetry={() => void groups.refetch()} />
      <div className="row g-4">
        <div className="col-md-4">
          <h2 className="h5">Groups</h2>
          <NewGroupForm onCreated={select} />
          {groups.isPending ? (
            <p className="text-body-secondary" role="status">
              Loading groups…
            </p>
          ) : null}
          {groups.data && list.length === 0 ? (
            <p className="mt-3" data-testid="list-empty">
              No clipart groups yet. Create one, then upload its images.
            </p>
          ) : null}
          <nav aria-label="Clipart groups" className="list-group mt-3">
            {list.map((group) => (
              <button
                key={group.id}
                type="button"
                className={`list-group-item list-group-item-action d-flex justify-content-between align-items-center${
                  group.id === open?.id ? ' active' : ''
                }`}
                aria-current={group.id === open?.id ? 'true' : undefined}
                onClick={() => select(group.id)}
              >
                <span>{group.name}</span>
                <span className="badge text-bg-secondary">
                  {group.clipart_count}
                  <span className="visually-hidden"> images</span>
                </span>
              </button>
            ))}
          </nav>
        </div>
        <div className="col-md-8">
          {open ? <GroupPanel key={open.id} group={open} onDeleted={() => select(null)} /> : null}
        </div>
      </div>
    </>
  );
}

function NewGroupForm({ onCreated }: { onCreated: (id: number) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const create = useCreateClipartGroup();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      const group = await create.mutateAsync({ name });
      setName('');
      onCreated(group.id);
    } catch {
      // Shown below.
    }
  }
  return (
    <Form onSubmit={(event) => void submit(event)}>
      <Form.Label htmlFor={id}>New group name</Form.Label>
      <div className="input-group">
        <Form.Control
          id={id}
          value={name}
          maxLength={CLIPART_GROUP_NAME_MAX}
          onChange={(event) => {
            create.reset();
            setName(event.target.value);
          }}
        />
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          Create group
        </Button>
      </div>
      {create.isError ? (
        <div className="text-danger small mt-1" role="alert">
          {errorMessage(create.error)}
        </div>
      ) : null}
    </Form>
  );
}

function GroupPanel({ group, onDeleted }: { group: ClipartGroup; onDeleted: () => void }) {
  const cliparts = useCliparts(group.id);
  const removeGroup = useDeleteClipartGroup();
  const removeImage = useDeleteClipart();
  const [confirmGroup, setConfirmGroup] = useState(false);
  const [removing, setRemoving] = useState<Clipart | null>(null);
  const images = cliparts.data ?? [];

  async function deleteGroup() {
    try {
      await removeGroup.mutateAsync(group.id);
      setConfirmGroup(false);
      onDeleted();
    } catch (error) {
      notifyError(error);
    }
  }
  async function deleteImage() {
    if (!removing) return;
    try {
      await removeImage.mutateAsync(removing.id);
      setRemoving(null);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <section aria-labelledby={`group-${group.id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0 me-auto" id={`group-${group.id}`}>
          {group.name}
        </h2>
        <Button size="sm" variant="outline-danger" onClick={() => setConfirmGroup(true)}>
          Delete group
        </Button>
      </div>
      <RenameForm group={group} />
      <UploadImagesForm groupId={group.id} />
      <ListLoadError error={cliparts.error} onRetry={() => void cliparts.refetch()} />
      {cliparts.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading images…
        </p>
      ) : null}
      {cliparts.data && images.length === 0 ? (
        <p className="mt-3" data-testid="group-empty">
          This group has no images yet. Upload some above.
        </p>
      ) : null}
      <ul
        className="list-unstyled d-flex flex-wrap gap-3 mt-3"
        aria-label={`Images of ${group.name}`}
      >
        {images.map((image) => (
          <li key={image.id} className="card" style={{ width: 140 }} data-testid="clipart">
            <img
              src={image.file_url}
              alt={image.name}
              className="card-img-top bg-body-tertiary"
              style={{ objectFit: 'contain', height: 120 }}
              loading="lazy"
            />
            <div className="card-body p-2 small">
              <div className="text-truncate" title={image.name}>
                {image.name}
              </div>
              <div className="text-body-secondary">
                {image.width} × {image.height}
              </div>
              <Button
                size="sm"
                variant="link"
                className="p-0 text-danger"
                onClick={() => setRemoving(image)}
                aria-label={`Delete ${image.name}`}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        show={confirmGroup}
        title="Delete this group?"
        confirmLabel="Delete group"
        danger
        busy={removeGroup.isPending}
        onConfirm={() => void deleteGroup()}
        onCancel={() => setConfirmGroup(false)}
      >
        <p className="mb-0">
          {group.name} and its {group.clipart_count} images will be deleted.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        show={removing !== null}
        title="Delete this image?"
        confirmLabel="Delete image"
        danger
        busy={removeImage.isPending}
        onConfirm={() => void deleteImage()}
        onCancel={() => setRemoving(null)}
      >
        <p className="mb-0">{removing?.name} will be removed from the group.</p>
      </ConfirmDialog>
    </section>
  );
}

function RenameForm({ group }: { group: ClipartGroup }) {
  const id = useId();
  const [name, setName] = useState(group.name);
  const rename = useRenameClipartGroup();
  return (
    <Form
      className="mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ id: group.id, body: { name } });
      }}
    >
      <Form.Label htmlFor={id}>Group name</Form.Label>
      <div className="input-group input-group-sm" style={{ maxWidth: 420 }}>
        <Form.Control
          id={id}
          value={name}
          maxLength={CLIPART_GROUP_NAME_MAX}
          onChange={(event) => {
            rename.reset();
            setName(event.target.value);
          }}
        />
        <Button
          type="submit"
          variant="outline-primary"
          disabled={!name.trim() || name === group.name || rename.isPending}
        >
          Rename
        </Button>
      </div>
      {rename.isError ? (
        <div className="text-danger small mt-1" role="alert">
          {errorMessage(rename.error)}
        </div>
      ) : null}
    </Form>
  );
}

function UploadImagesForm({ groupId }: { groupId: number }) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [result, setResult] = useState<ClipartUploadAnswer | null>(null);
  const upload = useUploadCliparts();
  const tooMany = files.length > CLIPART_FILES_PER_UPLOAD;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (files.length === 0 || tooMany) return;
    setResult(null);
    try {
      setResult(await upload.mutateAsync({ groupId, files }));
      setFiles([]);
      setInputKey((key) => key + 1);
    } catch {
      // Shown below.
    }
  }

  return (
    <Form onSubmit={(event) => void submit(event)} className="card card-body">
      <Form.Label htmlFor={id}>Images</Form.Label>
      <div className="d-flex flex-wrap gap-2">
        <Form.Control
          key={inputKey}
          id={id}
          type="file"
          multiple
          accept={CLIPART_EXTENSIONS.join(',')}
          className="w-auto flex-grow-1"
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            upload.reset();
            setFiles([...((event.target as HTMLInputElement).files ?? [])]);
          }}
        />
        <Button type="submit" disabled={files.length === 0 || tooMany || upload.isPending}>
          {upload.isPending
            ? 'Uploading…'
            : files.length > 1
              ? `Upload ${files.length} images`
              : 'Upload'}
        </Button>
      </div>
      <Form.Text id={`${id}-help`}>
        PNG, JPEG, WebP or GIF; up to {CLIPART_FILES_PER_UPLOAD} files at a time.
      </Form.Text>
      {tooMany ? (
        <div className="text-danger small mt-1" role="alert">
          Choose at most {CLIPART_FILES_PER_UPLOAD} images at a time.
        </div>
      ) : null}
      {upload.isError ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {errorMessage(upload.error)}
        </div>
      ) : null}
      {result ? (
        <div
          className={`alert mt-2 mb-0 ${result.refused.length > 0 ? 'alert-warning' : 'alert-success'}`}
          role="status"
          data-testid="upload-result"
        >
          {result.added.length === 1 ? '1 image added' : `${result.added.length} images added`}
          {result.refused.length > 0 ? (
            <>
              ; {result.refused.length} refused:
              <ul className="mb-0">
                {result.refused.map((file) => (
                  <li key={file.file_name}>
                    {file.file_name}: {file.message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            '.'
          )}
        </div>
      ) : null}
    </Form>
  );
}
