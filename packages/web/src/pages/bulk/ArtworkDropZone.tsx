import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { filesFromDrop, filesFromInput, type PickedFile } from './droppedFiles.js';

/**
 * Step 2 of the import: a folder or a CSV, dropped on the zone or chosen with its buttons (the
 * keyboard way). Folders are read whole, sub-folders included, so a CSV can name files in them.
 */
export function ArtworkDropZone(props: {
  disabled: boolean;
  onFiles: (files: PickedFile[]) => void;
}) {
  const folderInput = useRef<HTMLInputElement>(null);
  const csvInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [reading, setReading] = useState(false);

  return (
    <section
      className={`border border-2 rounded p-4 text-center ${
        over ? 'border-primary bg-primary-subtle' : 'border-dashed'
      }`}
      style={{ borderStyle: over ? 'solid' : 'dashed' }}
      aria-label="Artwork drop zone"
      data-testid="artwork-drop"
      onDragOver={(event) => {
        if (props.disabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (props.disabled) return;
        setReading(true);
        filesFromDrop(event.dataTransfer)
          .then(props.onFiles)
          .catch((error: unknown) => {
            console.error('Reading the dropped files failed', error);
            props.onFiles([]);
          })
          .finally(() => setReading(false));
      }}
    >
      <p className="mb-3">
        {reading ? 'Reading the dropped files…' : 'Drop a folder of artwork or a CSV here, or'}
      </p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <Button disabled={props.disabled} onClick={() => folderInput.current?.click()}>
          Choose folder
        </Button>
        <Button
          variant="outline-primary"
          disabled={props.disabled}
          onClick={() => csvInput.current?.click()}
        >
          Choose CSV
        </Button>
      </div>
      <input
        ref={folderInput}
        type="file"
        className="d-none"
        data-testid="folder-input"
        // The folder picker: every browser reads webkitdirectory.
        {...{ webkitdirectory: '', directory: '' }}
        multiple
        onChange={(event) => {
          props.onFiles(filesFromInput(event.target.files));
          event.target.value = '';
        }}
      />
      <input
        ref={csvInput}
        type="file"
        className="d-none"
        data-testid="csv-input"
        accept=".csv,text/csv"
        onChange={(event) => {
          props.onFiles(filesFromInput(event.target.files));
          event.target.value = '';
        }}
      />
    </section>
  );
}
