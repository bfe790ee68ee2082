/** Sites of the group outside this shop. */
export const EXTERNAL_LINKS = {
  mainSite: 'https://www.shwarimills.co.ke',
  cookbook: 'https://cookbook.shwarimills.co.ke',
};

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/shwarimills' },
  { name: 'X', href: 'https://x.com/shwarimills' },
  { name: 'Instagram', href: 'https://www.instagram.com/shwarimills' },
  { name: 'YouTube', href: 'https://www.youtube.com/@shwarimills' },
  { name: 'TikTok', href: 'https://www.tiktok.com/@shwarimills' },
] as const;
