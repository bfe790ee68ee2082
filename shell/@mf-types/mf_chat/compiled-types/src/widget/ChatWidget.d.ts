export interface ChatWidgetProps {
    /** Shown or hidden by the shell's launcher; the widget stays mounted, so the conversation keeps its place. */
    open?: boolean;
    onClose?: () => void;
}
/**
 * The floating shopping assistant. The shell fetches this remote the first time a shopper presses
 * its chat button, and places it in a box above that button.
 */
export default function ChatWidget({ open, onClose }: ChatWidgetProps): JSX.Element | null;
