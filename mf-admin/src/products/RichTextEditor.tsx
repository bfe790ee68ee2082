import { useState } from 'react';
import type { EditorState } from 'draft-js';
import { Editor } from 'react-draft-wysiwyg';
import 'draft-js/dist/Draft.css';
import 'react-draft-wysiwyg/dist/react-draft-wysiwyg.css';
import { EDITOR_TOOLBAR, editorStateToHtml, htmlToEditorState, insertCodeTab } from './richText';

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  invalid?: boolean;
}

/**
 * react-draft-wysiwyg with the spec's toolbar (block type incl. code block, bold, italic, underline,
 * link, image by URL). Loaded lazily by RichTextField: the products list never downloads draft-js.
 * Starts from `value` (HTML) and reports HTML on every change.
 */
export default function RichTextEditor({ id, value, onChange, label, invalid }: RichTextEditorProps): JSX.Element {
  const [state, setState] = useState<EditorState>(() => htmlToEditorState(value ?? ''));
  const change = (next: EditorState) => {
    setState(next);
    onChange?.(editorStateToHtml(next));
  };
  return (
    <div
      id={id}
      className={invalid ? 'admin-editor admin-editor-invalid' : 'admin-editor'}
      style={{ border: `1px solid ${invalid ? '#ff4d4f' : '#d9d9d9'}`, borderRadius: 6 }}
    >
      <Editor
        editorState={state}
        onEditorStateChange={change}
        toolbar={EDITOR_TOOLBAR}
        ariaLabel={label}
        editorStyle={{ minHeight: 140, padding: '0 12px' }}
        toolbarStyle={{ border: 0, borderBottom: '1px solid #f0f0f0' }}
        onTab={(event) => {
          const next = insertCodeTab(state);
          if (!next) return false;
          event.preventDefault();
          change(next);
          return true;
        }}
      />
    </div>
  );
}
