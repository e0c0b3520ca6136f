import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import ImageIcon from '@mui/icons-material/Image';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useRef } from 'react';
import { useNotify, useTranslate, type InputProps } from 'react-admin';
import {
  ClearButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useCabinetData } from '../agency/useAgency';

/**
 * The rich-text editor of posts and objects (ra-input-rich-text, its own chunk): only what the
 * server's sanitiser keeps — headings, paragraphs, bold and italic, lists, links, and images
 * uploaded to the content images (an image from elsewhere would be dropped).
 */
function FormatButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  if (!editor) return null;
  return (
    <ToggleButtonGroup size="small">
      <ToggleButton
        value="bold"
        aria-label={translate('ra.tiptap.bold')}
        title={translate('ra.tiptap.bold')}
        selected={editor.isActive('bold')}
        onClick={() => editor.chain().focus().toggleMark('bold').run()}
      >
        <FormatBoldIcon fontSize="inherit" />
      </ToggleButton>
      <ToggleButton
        value="italic"
        aria-label={translate('ra.tiptap.italic')}
        title={translate('ra.tiptap.italic')}
        selected={editor.isActive('italic')}
        onClick={() => editor.chain().focus().toggleMark('italic').run()}
      >
        <FormatItalicIcon fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function ImageUploadButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const notify = useNotify();
  const data = useCabinetData();
  const picker = useRef<HTMLInputElement>(null);
  if (!editor) return null;
  return (
    <>
      <ToggleButtonGroup size="small">
        <ToggleButton
          value="image"
          aria-label={translate('ra.tiptap.image')}
          title={translate('ra.tiptap.image')}
          onClick={() => picker.current?.click()}
        >
          <ImageIcon fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <input
        ref={picker}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        data-testid="upload-editor-image"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          data
            .uploadContentImage(file)
            .then((image) =>
              editor
                .chain()
                .focus()
                .insertContent({ type: 'image', attrs: { src: image.path, alt: '' } })
                .run(),
            )
            .catch((error: Error) => notify(error.message, { type: 'error' }));
        }}
      />
    </>
  );
}

export default function RichTextEditor(props: InputProps) {
  return (
    <RichTextInput
      {...props}
      fullWidth
      toolbar={
        <RichTextInputToolbar>
          <LevelSelect size="small" />
          <FormatButtons />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <ImageUploadButton />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}
