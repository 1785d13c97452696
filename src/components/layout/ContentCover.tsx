/**
 * A post's or recipe's cover picture, or a tinted frame of the same size when it has none. The box is sized before
 * the picture arrives (aspect-ratio, width and height), so nothing below it moves.
 */
import { Box } from '@chakra-ui/react/box';
import type { ContentImage } from '@/lib/content';

interface ContentCoverProps {
  cover: ContentImage | null;
  /**
   * `card`: a 16:9 crop, the same for every card of a list, fetched as it nears the screen. `page`: the whole picture
   * at the top of its own page, fetched at once since it is the first thing seen.
   */
  variant: 'card' | 'page';
}

/** Decorative: the title beside it says what the piece is, and the contract has no description of the picture. */
export function ContentCover({ cover, variant }: ContentCoverProps) {
  const ratio = variant === 'page' && cover ? `${cover.width} / ${cover.height}` : '16 / 9';
  return (
    <Box
      aspectRatio={ratio}
      w="full"
      overflow="hidden"
      rounded={variant === 'page' ? 'xl' : 'lg'}
      bg="brand.50"
      // Two soft discs, so that a piece without a picture still has a frame that looks meant.
      bgImage="radial-gradient(circle at 78% 30%, {colors.brand.100} 0 16%, transparent 16.5%), radial-gradient(circle at 20% 76%, {colors.brand.200} 0 9%, transparent 9.5%)"
      borderWidth="1px"
      borderColor="brand.100"
      data-testid={cover ? 'content-cover' : 'content-cover-frame'}
    >
      {cover ? (
        <img
          src={cover.url}
          alt=""
          width={cover.width}
          height={cover.height}
          loading={variant === 'card' ? 'lazy' : 'eager'}
          fetchPriority={variant === 'page' ? 'high' : undefined}
          decoding="async"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </Box>
  );
}
