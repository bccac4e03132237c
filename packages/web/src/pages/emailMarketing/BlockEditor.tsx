import type { EmailBlock, EmailBlockType } from '@printloom/core';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

export const BLOCK_LABELS: Record<EmailBlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  divider: 'Divider',
};

export function newBlock(type: EmailBlockType): EmailBlock {
  switch (type) {
    case 'heading':
      return { type, text: '' };
    case 'text':
      return { type, text: '' };
    case 'image':
      return { type, src: '', alt: '' };
    case 'button':
      return { type, label: '', href: '' };
    case 'divider':
      return { type };
  }
}

/** One labelled text input of a block. */
function Field(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: 'text' | 'url';
}) {
  const id = useId();
  return (
    <Form.Group className="mb-2" controlId={id}>
      <Form.Label className="small mb-1">{props.label}</Form.Label>
      {props.multiline ? (
        <Form.Control
          size="sm"
          as="textarea"
          rows={4}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <Form.Control
          size="sm"
          type={props.type ?? 'text'}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Form.Group>
  );
}

function BlockFields({
  block,
  onChange,
}: {
  block: EmailBlock;
  onChange: (block: EmailBlock) => void;
}) {
  switch (block.type) {
    case 'heading':
      return (
        <Field
          label="Heading text"
          value={block.text}
          onChange={(text) => onChange({ ...block, text })}
        />
      );
    case 'text':
      return (
        <Field
          label="Paragraphs (a blank line starts a new one)"
          multiline
          value={block.text}
          onChange={(text) => onChange({ ...block, text })}
        />
      );
    case 'image':
      return (
        <>
          <Field
            label="Image address"
            type="url"
            value={block.src}
            onChange={(src) => onChange({ ...block, src })}
          />
          <Field
            label="Image description"
            value={block.alt}
            onChange={(alt) => onChange({ ...block, alt })}
          />
          <Field
            label="Link (optional)"
            type="url"
            value={block.href ?? ''}
            onChange={(href) => {
              const { href: _old, ...rest } = block;
              onChange(href ? { ...rest, href } : rest);
            }}
          />
        </>
      );
    case 'button':
      return (
        <>
          <Field
            label="Button label"
            value={block.label}
            onChange={(label) => onChange({ ...block, label })}
          />
          <Field
            label="Button link"
            type="url"
            value={block.href}
            onChange={(href) => onChange({ ...block, href })}
          />
        </>
      );
    case 'divider':
      return <p className="small text-body-secondary mb-0">A thin line between blocks.</p>;
  }
}

/** The mail's blocks: add, fill in, move and remove. */
export function BlockEditor({
  blocks,
  onChange,
}: {
  blocks: EmailBlock[];
  onChange: (blocks: EmailBlock[]) => void;
}) {
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [block] = next.splice(from, 1);
    if (block) next.splice(to, 0, block);
    onChange(next);
  };
  return (
    <fieldset>
      <legend className="h6">Content</legend>
      <ol className="list-unstyled mb-2">
        {blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; position is their identity
          <li key={index} className="border rounded p-2 mb-2" data-testid="email-block">
            <div className="d-flex align-items-center gap-1 mb-2">
              <strong className="me-auto small">
                {index + 1}. {BLOCK_LABELS[block.type]}
              </strong>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={index === 0}
                aria-label={`Move block ${index + 1} up`}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={index === blocks.length - 1}
                aria-label={`Move block ${index + 1} down`}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove block ${index + 1}`}
                onClick={() => onChange(blocks.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </div>
            <BlockFields
              block={block}
              onChange={(changed) => onChange(blocks.map((b, i) => (i === index ? changed : b)))}
            />
          </li>
        ))}
      </ol>
      <fieldset className="d-flex flex-wrap gap-1" aria-label="Add a block">
        {(Object.keys(BLOCK_LABELS) as EmailBlockType[]).map((type) => (
          <Button
            key={type}
            size="sm"
            variant="outline-primary"
            onClick={() => onChange([...blocks, newBlock(type)])}
          >
            Add {BLOCK_LABELS[type].toLowerCase()}
          </Button>
        ))}
      </fieldset>
    </fieldset>
  );
}
