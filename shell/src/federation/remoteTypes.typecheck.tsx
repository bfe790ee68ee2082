/**
 * Checked by `npm run typecheck` only (never imported, never bundled): the remotes' published types
 * (shell/@mf-types) reach the shell. Each line after a @ts-expect-error must be refused, or the
 * typecheck fails on the unused directive; the others must be accepted.
 */
import type { ComponentProps } from 'react';
import { RemoteArea } from './RemoteArea';
import { loadRemoteComponent } from './remotes';
import type { RemoteProps } from './remoteTypes';

/** True only when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// The chat widget's props are the ones mf_chat publishes; a page of the catalogue takes none.
export const chatWidgetProps: Same<RemoteProps<'mf_chat', 'ChatWidget'>, { open?: boolean; onClose?: () => void }> = true;
export const homePageProps: Same<RemoteProps<'mf_catalog', 'HomePage'>, Record<string, never>> = true;

export async function remoteUses(onClose: () => void): Promise<JSX.Element[]> {
  const { default: ChatWidget } = await loadRemoteComponent('mf_chat', 'ChatWidget');
  const open: ComponentProps<typeof ChatWidget>['open'] = true;
  return [
    <ChatWidget key="1" open={open} onClose={onClose} />,
    // @ts-expect-error open is a boolean
    <ChatWidget key="2" open="yes" />,
    <RemoteArea key="3" remote="mf_chat" module="ChatWidget" area="assistant" props={{ open, onClose }} />,
    // @ts-expect-error onClose takes a function
    <RemoteArea key="4" remote="mf_chat" module="ChatWidget" area="assistant" props={{ onClose: 'close' }} />,
    <RemoteArea key="5" remote="mf_catalog" module="HomePage" area="catalogue" />,
    // @ts-expect-error the home page takes no props
    <RemoteArea key="6" remote="mf_catalog" module="HomePage" area="catalogue" props={{ featured: true }} />,
    // @ts-expect-error the catalogue exposes no cart page
    <RemoteArea key="7" remote="mf_catalog" module="CartPage" area="catalogue" />,
  ];
}

export function wrongModule(): unknown {
  // @ts-expect-error mf_checkout exposes no HomePage
  return loadRemoteComponent('mf_checkout', 'HomePage');
}
