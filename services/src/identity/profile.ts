import { USERS, walletBalance, type UserDocument } from '@estate/projections';
import type { AuthenticatedUser } from '../core/access';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import type { ProfileDto } from './dto';

/** The fields of product.md's Profile, from the account's read model and the caller's session. */
export function toProfile(
  user: UserDocument,
  caller: AuthenticatedUser,
  now: Date,
  agencyWalletBalance = 0,
): ProfileDto {
  const premium = user.premiumUntil !== null && new Date(user.premiumUntil) > now;
  return {
    id: user._id,
    agencyId: user.agencyId,
    role: caller.role,
    name: user.name,
    phone: user.phone,
    email: user.email,
    isVerifiedEmail: user.emailVerified,
    status: premium ? 'Премиум' : 'Обычный',
    premiumPeriod: premium ? user.premiumUntil : null,
    hasReceiveNotifications: user.settings.canReceiveNotifications,
    avatar: user.avatar,
    agencyWalletBalance,
    settings: { ...user.settings, canReceiveTariffNotifications: user.tariffNotice },
  };
}

/** The caller's profile as `GET /api/profile` answers it (with the agency's wallet balance). */
export async function profileOf(ctx: AppContext, caller: AuthenticatedUser): Promise<ProfileDto> {
  const user = await ctx.readStore.collection<UserDocument>(USERS).findOne({ _id: caller.userId });
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return toProfile(user, caller, ctx.clock(), await walletBalance(ctx.readStore, user.agencyId));
}
