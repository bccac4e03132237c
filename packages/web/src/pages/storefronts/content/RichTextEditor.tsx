import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/**
 * The rich-text editor of store pages and blog posts (TipTap, loaded only by these pages'
 * chunks): paragraphs, headings, bold, italic, underline, lists, quotes, links. It hands back
 * HTML; the server sanitizes it before storing it.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'form-control rich-text-area',
        style: 'min-height: 16rem',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      blockquote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });
  // A value loaded after the editor started (the saved page arriving) replaces its content.
  useEffect(() => {
    if (
      editor &&
      !editor.isFocused &&
      value !== editor.getHTML() &&
      !(value === '' && editor.isEmpty)
    ) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const chain = () => editor?.chain().focus();
  const setLink = () => {
    const previous = (editor?.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt('Link address (https://…, mailto:… or /page)', previous);
    if (href === null) return;
    if (href.trim() === '') chain()?.extendMarkRange('link').unsetLink().run();
    else chain()?.extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const buttons: Array<[string, boolean, () => void]> = [
    ['Bold', state?.bold ?? false, () => chain()?.toggleBold().run()],
    ['Italic', state?.italic ?? false, () => chain()?.toggleItalic().run()],
    ['Underline', state?.underline ?? false, () => chain()?.toggleUnderline().run()],
    ['Heading', state?.h2 ?? false, () => chain()?.toggleHeading({ level: 2 }).run()],
    ['Subheading', state?.h3 ?? false, () => chain()?.toggleHeading({ level: 3 }).run()],
    ['Bulleted list', state?.bulletList ?? false, () => chain()?.toggleBulletList().run()],
    ['Numbered list', state?.orderedList ?? false, () => chain()?.toggleOrderedList().run()],
    ['Quote', state?.blockquote ?? false, () => chain()?.toggleBlockquote().run()],
    ['Link', state?.link ?? false, setLink],
  ];
  return (
    <div className="mb-3">
      <div className="btn-toolbar gap-1 mb-1" role="toolbar" aria-label={`${label} formatting`}>
        {buttons.map(([name, active, run]) => (
          <button
            key={name}
            type="button"
            className={`btn btn-sm ${active ? 'btn-secondary' : 'btn-outline-secondary'}`}
            aria-pressed={active}
            disabled={disabled || !editor}
            onClick={run}
          >
            {name}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
