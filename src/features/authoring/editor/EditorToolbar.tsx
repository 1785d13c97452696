import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactNode } from 'react';

export type OpenForm = 'link' | 'image' | null;

interface ToolProps {
  label: string;
  /** The keyboard shortcut, said in the button's title. */
  shortcut?: string;
  /** A mark or block that is on or off at the cursor: announced as pressed or not. */
  pressed?: boolean;
  /** A button that opens a small form below the toolbar: whether it is open. */
  expanded?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, shortcut, pressed, expanded, disabled, onClick, children }: ToolProps) {
  const on = pressed ?? expanded;
  return (
    <Button
      type="button"
      size="sm"
      variant={on ? 'solid' : 'ghost'}
      colorPalette={on ? 'brand' : 'gray'}
      minW="9"
      px="2"
      aria-label={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // The editor keeps its selection: the button acts on the text the author chose.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

function Divider() {
  return <Box as="span" aria-hidden="true" w="1px" alignSelf="stretch" bg="gray.200" mx="1" />;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The editor's buttons, each with its shortcut; marks and blocks say whether they are on where the cursor is. */
export function EditorToolbar({ editor, openForm, onOpenForm }: { editor: Editor; openForm: OpenForm; onOpenForm: (form: OpenForm) => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      h2: editor.isActive('heading', { level: 2 }),
      h3: editor.isActive('heading', { level: 3 }),
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      bulletList: editor.isActive('bulletList'),
      orderedList: editor.isActive('orderedList'),
      blockquote: editor.isActive('blockquote'),
      link: editor.isActive('link'),
      canUndo: editor.can().undo(),
      canRedo: editor.can().redo(),
    }),
  });
  const mod = isMac() ? '⌘' : 'Ctrl';
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => command(editor.chain().focus()).run();
  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      display="flex"
      flexWrap="wrap"
      gap="1"
      p="1.5"
      borderBottomWidth="1px"
      borderColor="gray.200"
      bg="gray.50"
      roundedTop="md"
    >
      <Tool label="H2 heading" shortcut={`${mod}+Alt+2`} pressed={state.h2} onClick={() => run((chain) => chain.toggleHeading({ level: 2 }))}>
        H2
      </Tool>
      <Tool label="H3 subheading" shortcut={`${mod}+Alt+3`} pressed={state.h3} onClick={() => run((chain) => chain.toggleHeading({ level: 3 }))}>
        H3
      </Tool>
      <Divider />
      <Tool label="Bold" shortcut={`${mod}+B`} pressed={state.bold} onClick={() => run((chain) => chain.toggleBold())}>
        <Box as="span" fontWeight="bold">
          B
        </Box>
      </Tool>
      <Tool label="Italic" shortcut={`${mod}+I`} pressed={state.italic} onClick={() => run((chain) => chain.toggleItalic())}>
        <Box as="span" fontStyle="italic" fontFamily="serif">
          I
        </Box>
      </Tool>
      <Divider />
      <Tool label="Bulleted list" shortcut={`${mod}+Shift+8`} pressed={state.bulletList} onClick={() => run((chain) => chain.toggleBulletList())}>
        • List
      </Tool>
      <Tool label="Numbered list" shortcut={`${mod}+Shift+7`} pressed={state.orderedList} onClick={() => run((chain) => chain.toggleOrderedList())}>
        1. List
      </Tool>
      <Tool label="Quote" shortcut={`${mod}+Shift+B`} pressed={state.blockquote} onClick={() => run((chain) => chain.toggleBlockquote())}>
        “ ”
      </Tool>
      <Divider />
      <Tool label={state.link ? 'Edit link' : 'Link'} expanded={openForm === 'link'} onClick={() => onOpenForm(openForm === 'link' ? null : 'link')}>
        Link
      </Tool>
      <Tool label="Picture" expanded={openForm === 'image'} onClick={() => onOpenForm(openForm === 'image' ? null : 'image')}>
        Picture
      </Tool>
      <Divider />
      <Tool label="Undo" shortcut={`${mod}+Z`} disabled={!state.canUndo} onClick={() => run((chain) => chain.undo())}>
        ↶
      </Tool>
      <Tool label="Redo" shortcut={`${mod}+Shift+Z`} disabled={!state.canRedo} onClick={() => run((chain) => chain.redo())}>
        ↷
      </Tool>
    </Box>
  );
}
