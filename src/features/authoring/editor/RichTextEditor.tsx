/**
 * The text of a post or recipe, written with Tiptap (DESIGN §2: on the authoring routes only, loaded when an edit
 * page first shows it). It writes only what the server's allowlist keeps: headings h2 and h3, paragraphs, bold,
 * italic, lists, quotes, links to web pages and pictures with their alt text. Its HTML goes to the save call, and
 * the server's sanitised HTML comes back through `value`.
 */
import { Box } from '@chakra-ui/react/box';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { webAddressOf } from './link-rules';
import { EditorToolbar, type OpenForm } from './EditorToolbar';
import { ImageForm } from './ImageForm';
import { LinkForm } from './LinkForm';

export interface RichTextEditorProps {
  /** The id of the visible label that names the text area. */
  labelledBy: string;
  /** The id of the text that explains the field (and its error, when there is one). */
  describedBy: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
}

/** Reading typography close to the published page's, so that the author sees roughly what readers will. */
const editorStyles = {
  '& .tiptap': {
    minHeight: '16rem',
    padding: '4',
    outline: 'none',
    lineHeight: '1.7',
    overflowWrap: 'break-word',
  },
  '& .tiptap > * + *': { marginTop: '3' },
  '& .tiptap h2': { fontSize: '2xl', fontWeight: 'bold', lineHeight: '1.3', marginTop: '6' },
  '& .tiptap h3': { fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.35', marginTop: '5' },
  '& .tiptap ul': { paddingInlineStart: '6', listStyleType: 'disc' },
  '& .tiptap ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
  '& .tiptap blockquote': {
    borderInlineStartWidth: '4px',
    borderColor: 'brand.300',
    paddingInlineStart: '4',
    fontStyle: 'italic',
    color: 'gray.700',
  },
  '& .tiptap a': { color: 'brand.800', textDecoration: 'underline' },
  '& .tiptap img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& .tiptap img.ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'brand.500' },
} as const;

/** The editable area as assistive technology meets it: a multi-line text box named by the field's label. */
function attributesOf(labelledBy: string, describedBy: string, invalid: boolean): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  };
}

function useTextEditor({ labelledBy, describedBy, value, onChange, invalid }: RichTextEditorProps): Editor {
  // The HTML this editor last handed out: a `value` that differs came from elsewhere (the server, a restore).
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Marks and blocks the toolbar does not offer and the allowlist may not keep: no shortcut makes them either.
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: [],
          isAllowedUri: (url) => webAddressOf(url) !== undefined,
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: { attributes: attributesOf(labelledBy, describedBy, invalid) },
    onUpdate: ({ editor }) => {
      const html = editor.isEmpty ? '' : editor.getHTML();
      emitted.current = html;
      onChange(html);
    },
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: attributesOf(labelledBy, describedBy, invalid) } });
  }, [editor, labelledBy, describedBy, invalid]);

  return editor;
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const editor = useTextEditor(props);
  const [openForm, setOpenForm] = useState<OpenForm>(null);
  const hasLink = useEditorState({ editor, selector: ({ editor }) => editor.isActive('link') });
  const close = () => {
    setOpenForm(null);
    editor.commands.focus();
  };
  return (
    <Box
      borderWidth="1px"
      borderColor={props.invalid ? 'red.500' : 'gray.300'}
      rounded="md"
      bg="white"
      _focusWithin={{ borderColor: 'brand.500', boxShadow: '0 0 0 1px var(--chakra-colors-brand-500)' }}
    >
      <EditorToolbar editor={editor} openForm={openForm} onOpenForm={setOpenForm} />
      {openForm === 'link' ? (
        <LinkForm
          initial={hasLink ? String(editor.getAttributes('link').href ?? '') : ''}
          canRemove={hasLink}
          onApply={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (editor.state.selection.empty && !hasLink) {
              chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            } else {
              chain.setLink({ href }).run();
            }
            setOpenForm(null);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setOpenForm(null);
          }}
          onCancel={close}
        />
      ) : null}
      {openForm === 'image' ? (
        <ImageForm
          onInsert={(image, alt) => {
            editor.chain().focus().setImage({ src: image.url, alt, width: image.width, height: image.height }).run();
            setOpenForm(null);
          }}
          onCancel={close}
        />
      ) : null}
      <Box css={editorStyles}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
